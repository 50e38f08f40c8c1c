import { fill } from '@/lib/format';

// What the ambassador panel says, handed to it as props by its server page
// (server/referral-texts.ts) instead of through next-intl's client provider, so the page ships
// neither use-intl's runtime nor the message formatter. Texts use {name} placeholders only.

export type TReferralTexts = Record<string, string> & {
  state: Record<'PENDING' | 'EFFECTIVE' | 'REVERSED' | 'CLAWBACK' | 'CANCELLED' | 'PAID_OUT', string>;
  column: Record<'account' | 'item' | 'paid' | 'commission' | 'state' | 'date', string>;
  itemType: Record<'MEMBER' | 'MONITOR' | 'CLAWBACK' | 'OTHER', string>;
};

/** "3 days left" in the page's language: ended at 0, singular or plural by Intl.PluralRules. */
export function remainingText(texts: TReferralTexts, days: number, locale: string): string {
  if (days <= 0) return texts.remainingEnded ?? '';
  const one = new Intl.PluralRules(locale).select(days) === 'one';
  return fill((one ? texts.remainingOne : texts.remainingOther) ?? '', { days });
}
