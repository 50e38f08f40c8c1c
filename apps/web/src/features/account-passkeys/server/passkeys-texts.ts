import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import { phrasedHeadings } from '@/lib/phrases';
import type { TPasskeyLoginTexts, TPasskeysTexts } from '../texts';

/** The passkeys panel's texts (texts.ts), read from the locale's messages. */
export async function getPasskeysTexts(locale: TLocale): Promise<TPasskeysTexts> {
  const [panel, validation, errors] = await Promise.all([
    getClientTexts<Record<string, string>>(locale, 'PasskeysPanel'),
    getClientTexts<Record<string, string>>(locale, 'validation'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
  ]);
  return {
    panel,
    validation,
    network: errors.network ?? '',
    headings: phrasedHeadings(['title', 'removeTitle'], (key) => panel[key] ?? '', locale),
  };
}

/** The log-in page's passkey button texts. */
export async function getPasskeyLoginTexts(locale: TLocale): Promise<TPasskeyLoginTexts> {
  const [login, success, errors] = await Promise.all([
    getClientTexts<Record<string, string>>(locale, 'PasskeyLogin'),
    getClientTexts<Record<string, string>>(locale, 'success'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
  ]);
  return { login, loginSucceeded: success.loginSucceeded ?? '', network: errors.network ?? '' };
}
