import { z } from 'zod';
import { blankToUndefined, integer } from './env';

// Orders (apps/api/README.md "Orders"): how long they wait for payment and for completion, and
// the international invoices (docs/adr/0030-international-invoices.md): the seller printed on
// them and their numbering.
//
//   ORDER_TTL_MINUTES   an unpaid order expires after this many minutes      (30)
//   ORDER_QR_CODE_TTL_MINUTES  a desktop-app payment code is valid this long (10)
//   ORDER_COMPLETE_AFTER_DAYS  a fulfilled order becomes COMPLETED after this (7)
//   ORDER_SWEEP_SECONDS how often expiry/completion/refund sweeps run, 0 = never (60)
//   INVOICE_SELLER_NAME, INVOICE_SELLER_ADDRESS (\n for a new line), INVOICE_SELLER_TAX_ID: all
//                       three or none; none = a clearly marked sample seller outside production,
//                       and production then refuses international invoices (20210) (unset)
//   INVOICE_SELLER_EMAIL  printed under the seller when set                   (unset)
//   INVOICE_NUMBER_PREFIX  2–8 capital letters before the year and number    (LLK)

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OrdersConfig {
  ttlMs: number;
  qrCodeTtlMs: number;
  completeAfterMs: number;
  sweepIntervalMs: number;
}

export interface InvoiceSeller {
  name: string;
  /** lines of the address */
  address: string[];
  taxId: string;
  email: string | undefined;
  /** the built-in sample seller (development and tests): every invoice says it is a sample */
  sample: boolean;
}

export interface InvoicesConfig {
  seller: InvoiceSeller | undefined;
  /** LLK → LLK-2026-000001 */
  numberPrefix: string;
}

const INVOICE_SELLER_VARIABLES = ['INVOICE_SELLER_NAME', 'INVOICE_SELLER_ADDRESS', 'INVOICE_SELLER_TAX_ID'] as const;

export const ZOrdersEnv = z.object({
  ORDER_TTL_MINUTES: integer(1, 7 * 24 * 60, 30),
  ORDER_QR_CODE_TTL_MINUTES: integer(1, 24 * 60, 10),
  ORDER_COMPLETE_AFTER_DAYS: integer(0, 365, 7),
  ORDER_SWEEP_SECONDS: integer(0, 86_400, 60),
});

export const ZInvoicesEnv = z.object({
  INVOICE_SELLER_NAME: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  INVOICE_SELLER_ADDRESS: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
  INVOICE_SELLER_TAX_ID: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  INVOICE_SELLER_EMAIL: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  INVOICE_NUMBER_PREFIX: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Z]{2,8}$/, { error: 'must be 2–8 capital letters' })
      .default('LLK'),
  ),
});

type TInvoicesEnv = z.infer<typeof ZInvoicesEnv>;

/** A half-configured seller would print invoices missing its name, address or tax number. */
export function checkInvoiceSeller(env: TInvoicesEnv, ctx: z.RefinementCtx): void {
  const seller = INVOICE_SELLER_VARIABLES.filter((name) => env[name] === undefined);
  if (seller.length > 0 && seller.length < INVOICE_SELLER_VARIABLES.length) {
    for (const name of seller)
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is required when ${INVOICE_SELLER_VARIABLES.filter((n) => !seller.includes(n)).join(', ')} is set`,
      });
  }
}

export function ordersConfig(e: z.infer<typeof ZOrdersEnv>): OrdersConfig {
  return {
    ttlMs: e.ORDER_TTL_MINUTES * 60_000,
    qrCodeTtlMs: e.ORDER_QR_CODE_TTL_MINUTES * 60_000,
    completeAfterMs: e.ORDER_COMPLETE_AFTER_DAYS * DAY_MS,
    sweepIntervalMs: e.ORDER_SWEEP_SECONDS * 1000,
  };
}

/** The sample seller of development and tests: nobody could take its invoices for real ones. */
const SAMPLE_SELLER: InvoiceSeller = {
  name: 'SAMPLE SELLER (not a real company)',
  address: ['1 Sample Road, Pudong', 'Shanghai 200000, China'],
  taxId: 'SAMPLE-TAX-ID',
  email: undefined,
  sample: true,
};

/** INVOICE_SELLER_*: all three set = the real seller; none = the sample outside production, nothing in production. */
export function invoicesConfig(e: TInvoicesEnv & { NODE_ENV: string }): InvoicesConfig {
  const configured =
    e.INVOICE_SELLER_NAME && e.INVOICE_SELLER_ADDRESS && e.INVOICE_SELLER_TAX_ID
      ? {
          name: e.INVOICE_SELLER_NAME,
          address: e.INVOICE_SELLER_ADDRESS.split(/\\n|\n/)
            .map((line) => line.trim())
            .filter(Boolean),
          taxId: e.INVOICE_SELLER_TAX_ID,
          email: e.INVOICE_SELLER_EMAIL,
          sample: false,
        }
      : undefined;
  return { seller: configured ?? (e.NODE_ENV === 'production' ? undefined : SAMPLE_SELLER), numberPrefix: e.INVOICE_NUMBER_PREFIX };
}
