import { type FastifyBaseLogger } from 'fastify';
import { type PaymentsConfig } from '../../composition/config';
import { type Db } from '../../infrastructure/db/schema';
import { type BillReport, isBillReconciled, reconcileBillWithLedger, shanghaiDay } from '../ledger';
import { AlipayProvider } from './alipay.provider';
import { BillNotAvailable, type PaymentProviders, type TGatewayMethod } from './provider';
import { StripeProvider } from './stripe.provider';
import { UnconfiguredProvider } from './unconfigured.provider';
import { WechatPayProvider } from './wechat.provider';

// The daily reconciliation against the gateways' bills: each gateway's bill of a Beijing day is
// downloaded and compared with the ledger (modules/ledger), once per gateway and day. A gateway
// without a bill for the day gets a NO_BILL report, redone on the next run; a download that
// fails (timeout, bad file) stores nothing, so the next run tries again.

export interface BillReconcileDeps {
  db: Db;
  providers: PaymentProviders;
  log?: FastifyBaseLogger;
}

const GATEWAYS: readonly TGatewayMethod[] = ['ZFB', 'WX', 'CARD'];

export interface BillReconcileResult {
  date: string;
  reports: BillReport[];
  skipped: TGatewayMethod[];
  failed: { gateway: TGatewayMethod; error: string }[];
}

/** Reconciles the gateways' bills of `date` (YYYY-MM-DD, Beijing) with the ledger (both unless `only`). */
export async function reconcileBills(
  deps: BillReconcileDeps,
  date: string,
  now = new Date(),
  // a method switched off (cards without PAYMENT_CARD) has no bills to ask for
  only: readonly TGatewayMethod[] = GATEWAYS.filter((gateway) => deps.providers[gateway].clients.length > 0),
): Promise<BillReconcileResult> {
  const result: BillReconcileResult = { date, reports: [], skipped: [], failed: [] };
  for (const gateway of only) {
    if (await isBillReconciled(deps.db, gateway, date)) {
      result.skipped.push(gateway);
      continue;
    }
    let bill;
    try {
      bill = await deps.providers[gateway].downloadBill({ date });
    } catch (error) {
      if (!(error instanceof BillNotAvailable)) {
        deps.log?.warn({ err: error, gateway, date }, 'downloading a gateway bill failed');
        result.failed.push({ gateway, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
      bill = null;
    }
    const report = await reconcileBillWithLedger(deps.db, gateway, date, bill, now);
    if (report.differences.length)
      deps.log?.warn({ gateway, date, differences: report.differences.length }, 'the gateway bill differs from the ledger');
    result.reports.push(report);
  }
  return result;
}

/** The daily job: yesterday's bills (Beijing days), once the hour the gateways publish them has come. */
export async function reconcileYesterdaysBills(
  deps: BillReconcileDeps & { fromHour: number },
  now = new Date(),
): Promise<{ date: string; reconciled: number; differences: number; failed: number } | { waiting: string }> {
  const beijingHour = Number(new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(11, 13));
  const date = shanghaiDay(new Date(now.getTime() - 86_400_000));
  if (beijingHour < deps.fromHour) return { waiting: date };
  const result = await reconcileBills(deps, date, now);
  return {
    date,
    reconciled: result.reports.length,
    differences: result.reports.reduce((sum, report) => sum + report.differences.length, 0),
    failed: result.failed.length,
  };
}

/** The real gateways as configured, for work outside the API process (the db CLI); the sandbox keeps no bills. */
export function configuredGateways(config: PaymentsConfig): PaymentProviders {
  return {
    ZFB: config.alipay ? new AlipayProvider({ ...config.alipay, timeoutMs: config.timeoutMs }) : new UnconfiguredProvider('ZFB'),
    WX: config.wechat ? new WechatPayProvider({ ...config.wechat, timeoutMs: config.timeoutMs }) : new UnconfiguredProvider('WX'),
    // bills need no session ids (they come from balance transactions)
    CARD:
      config.card && config.stripe
        ? new StripeProvider({ ...config.stripe, timeoutMs: config.timeoutMs, sessionOf: async () => null })
        : new UnconfiguredProvider('CARD'),
  };
}
