import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import type { TCloudPcTexts } from '../texts';

/** The CloudPc namespace (messages/<locale>/cloud-pc.json) plus the contracts' validation texts. */
export async function getCloudPcTexts(locale: TLocale): Promise<TCloudPcTexts> {
  const [cloudPc, validation, errors] = await Promise.all([
    getClientTexts<Omit<TCloudPcTexts, 'validation' | 'network'>>(locale, 'CloudPc'),
    getClientTexts<Record<string, string>>(locale, 'validation'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
  ]);
  return { ...cloudPc, validation, network: errors.network ?? '' };
}
