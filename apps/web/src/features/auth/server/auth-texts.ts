import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import type { TPhoneFieldTexts } from '@/components/ui/phone-field';
import type { TAuthTexts } from '../texts';

/** The texts one auth form needs (texts.ts), read from the locale's messages. */
export async function getAuthTexts(locale: TLocale, form: 'LoginForm' | 'SignupForm' | 'ResetForm'): Promise<TAuthTexts> {
  const [texts, code, validation, success, errors, phone] = await Promise.all([
    getClientTexts<Record<string, string>>(locale, form),
    getClientTexts<TAuthTexts['code']>(locale, 'CodeButton'),
    getClientTexts<Record<string, string>>(locale, 'validation'),
    getClientTexts<Record<string, string>>(locale, 'success'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
    getClientTexts<TPhoneFieldTexts>(locale, 'PhoneField'),
  ]);
  return { form: texts, code, validation, success, network: errors.network ?? '', phone: { ...phone, locale } };
}
