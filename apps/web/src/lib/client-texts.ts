import type { TLocale } from '@llk/contracts/locales';
import { getMessages } from 'next-intl/server';

// The one way a client component gets its texts: its server page reads them here and hands
// them over as props; the component fills {name} placeholders with fill() (lib/format.ts). The
// browser then ships neither use-intl's runtime nor the message formatter, only the strings a
// component shows (README, JS budget).

type TMessageTree = { [key: string]: string | TMessageTree };

/** One namespace of the locale's messages (e.g. 'Referral', 'validation'), as it is in the files. */
export async function getClientTexts<T = TMessageTree>(locale: TLocale, namespace: string): Promise<T> {
  const messages = (await getMessages({ locale })) as unknown as Record<string, unknown>;
  return (messages[namespace] ?? {}) as T;
}
