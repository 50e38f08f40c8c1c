import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import { phrasedHeadings } from '@/lib/phrases';
import type { TContactTexts } from '../texts';

/** ContactPage.form (messages/<locale>/pages.json) plus the contracts' validation texts. */
export async function getContactTexts(locale: TLocale): Promise<TContactTexts> {
  const [page, validation, errors] = await Promise.all([
    getClientTexts<{ form: TContactTexts['form'] }>(locale, 'ContactPage'),
    getClientTexts<Record<string, string>>(locale, 'validation'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
  ]);
  return {
    form: page.form,
    validation,
    network: errors.network ?? '',
    headings: phrasedHeadings(['ackHeading'], (key) => page.form[key] ?? '', locale),
  };
}
