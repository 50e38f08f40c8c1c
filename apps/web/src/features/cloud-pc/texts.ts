import type { TCloudPcPlanId, TCloudPcStatus, TInvoiceKind } from '@llk/contracts';
import type { ReactNode } from 'react';

// What the cloud-PC page's interactive parts say, handed to them as props by the server page
// (server/cloud-pc-texts.ts) instead of through next-intl's client provider, so the page ships
// neither use-intl's runtime nor the message formatter. Texts use {name} placeholders only.

export interface TCloudPcTexts {
  devices: Record<string, string>;
  status: Record<TCloudPcStatus, string>;
  plans: Record<TCloudPcPlanId, string>;
  invoice: Record<string, string> & { kinds: Record<TInvoiceKind, string> };
  provider: Record<string, string>;
  /** contracts `validation.*`, keyed without the prefix */
  validation: Record<string, string>;
  /** contracts errors.network: shown when the code that talks to the API cannot be loaded */
  network: string;
  /** headings of the client components, phrase-broken on the server (lib/phrases.tsx); one missing shows as its text */
  headings?: Partial<Record<(typeof CLOUD_PC_HEADINGS)[number], ReactNode>>;
}

/** The CloudPc texts shown as headings inside client components. */
export const CLOUD_PC_HEADINGS = ['provider.ackHeading', 'devices.refundListHeading', 'devices.refundsHeading'] as const;

/** 'validation.required' → its text (the key itself if a text is missing). */
export function validationText(texts: TCloudPcTexts, key: string | undefined): string | undefined {
  return key ? (texts.validation[key.replace(/^validation\./, '')] ?? key) : undefined;
}

/** Storage as the plans list shows it: 512 → { size: 512, unit: 'GB' }, 2048 → { size: 2, unit: 'TB' }. */
export function storageSize(gb: number): { size: number; unit: 'GB' | 'TB' } {
  return gb >= 1024 && gb % 1024 === 0 ? { size: gb / 1024, unit: 'TB' } : { size: gb, unit: 'GB' };
}
