import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import type { TPhoneFieldTexts } from '@/components/ui/phone-field';
import type { TProfileTexts } from '../texts';

/** What the profile and cancel forms say (texts.ts), read from the locale's messages. */
export async function getProfileTexts(locale: TLocale): Promise<TProfileTexts> {
  const [form, code, validation, success, errors, phone] = await Promise.all([
    getClientTexts<Record<string, string>>(locale, 'AccountProfile'),
    getClientTexts<TProfileTexts['code']>(locale, 'CodeButton'),
    getClientTexts<Record<string, string>>(locale, 'validation'),
    getClientTexts<Record<string, string>>(locale, 'success'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
    getClientTexts<TPhoneFieldTexts>(locale, 'PhoneField'),
  ]);
  return { form, code, validation, success, network: errors.network ?? '', phone: { ...phone, locale } };
}
