import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import type { TTexts } from '@/lib/texts';
import type { TConnectionsTexts } from '../texts';

/** The connections page's texts (texts.ts), read from the locale's messages. */
export async function getConnectionsTexts(locale: TLocale): Promise<TConnectionsTexts> {
  const [page, errors] = await Promise.all([
    getClientTexts<TTexts>(locale, 'AccountConnections'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
  ]);
  return { page, network: errors.network ?? '' };
}
