import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import type { TTexts } from '@/lib/texts';
import type { TDevicesTexts } from '../texts';

/** The devices page's texts (texts.ts), read from the locale's messages. */
export async function getDevicesTexts(locale: TLocale): Promise<TDevicesTexts> {
  const [page, validation, errors, connections] = await Promise.all([
    getClientTexts<TTexts>(locale, 'AccountDevices'),
    getClientTexts<Record<string, string>>(locale, 'validation'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
    getClientTexts<TTexts>(locale, 'AccountConnections'),
  ]);
  return { page, validation, limitReached: errors.deviceLimitReached ?? '', network: errors.network ?? '', connections };
}
