import type { TLocale } from '@llk/contracts/locales';
import { getMessages } from 'next-intl/server';
import type { TReferralTexts } from '../texts';

/** The Referral namespace of the locale's messages (messages/<locale>/referral.json). */
export async function getReferralTexts(locale: TLocale): Promise<TReferralTexts> {
  const messages = (await getMessages({ locale })) as unknown as Record<string, unknown>;
  return messages.Referral as TReferralTexts;
}
