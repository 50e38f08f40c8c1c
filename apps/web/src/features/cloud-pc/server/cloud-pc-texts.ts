import type { TLocale } from '@llk/contracts/locales';
import { getMessages } from 'next-intl/server';
import type { TCloudPcTexts } from '../texts';

/** The CloudPc namespace (messages/<locale>/cloud-pc.json) plus the contracts' validation texts. */
export async function getCloudPcTexts(locale: TLocale): Promise<TCloudPcTexts> {
  const messages = (await getMessages({ locale })) as unknown as Record<string, Record<string, unknown>>;
  const cloudPc = messages.CloudPc as unknown as Omit<TCloudPcTexts, 'validation' | 'network'>;
  return {
    ...cloudPc,
    validation: messages.validation as Record<string, string>,
    network: String(messages.errors?.network ?? ''),
  };
}
