import type { TLocale } from '@llk/contracts/locales';
import { getClientTexts } from '@/lib/client-texts';
import { phrasedHeadings } from '@/lib/phrases';
import { CLOUD_PC_HEADINGS, type TCloudPcTexts } from '../texts';

/** The CloudPc namespace (messages/<locale>/cloud-pc.json), its phrased headings and the contracts' validation texts. */
export async function getCloudPcTexts(locale: TLocale): Promise<TCloudPcTexts> {
  const [cloudPc, validation, errors] = await Promise.all([
    getClientTexts<Omit<TCloudPcTexts, 'validation' | 'network' | 'headings'>>(locale, 'CloudPc'),
    getClientTexts<Record<string, string>>(locale, 'validation'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
  ]);
  const text = (key: (typeof CLOUD_PC_HEADINGS)[number]) => {
    const [group, name] = key.split('.') as ['provider' | 'devices', string];
    return cloudPc[group][name] ?? '';
  };
  return { ...cloudPc, validation, network: errors.network ?? '', headings: phrasedHeadings(CLOUD_PC_HEADINGS, text, locale) };
}
