import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import type { TTexts } from '@/lib/texts';
import type { TOrgTexts } from '../texts';

/** The organisation pages' texts (texts.ts), read from the locale's messages. */
export async function getOrgTexts(locale: TLocale): Promise<TOrgTexts> {
  const [page, errors] = await Promise.all([
    getClientTexts<TTexts>(locale, 'Org'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
  ]);
  return { page, network: errors.network ?? '' };
}
