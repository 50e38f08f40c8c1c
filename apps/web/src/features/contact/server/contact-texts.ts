import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import type { TContactTexts } from '../texts';

/** ContactPage.form (messages/<locale>/pages.json) plus the contracts' validation texts. */
export async function getContactTexts(locale: TLocale): Promise<TContactTexts> {
  const [page, validation, errors] = await Promise.all([
    getClientTexts<{ form: TContactTexts['form'] }>(locale, 'ContactPage'),
    getClientTexts<Record<string, string>>(locale, 'validation'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
  ]);
  return { form: page.form, validation, network: errors.network ?? '' };
}
