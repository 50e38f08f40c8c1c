import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import type { TReferralTexts } from '../texts';

/** The Referral namespace of the locale's messages (messages/<locale>/referral.json). */
export function getReferralTexts(locale: TLocale): Promise<TReferralTexts> {
  return getClientTexts<TReferralTexts>(locale, 'Referral');
}
