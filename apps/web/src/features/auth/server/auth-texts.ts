import type { TLocale } from '@llk/contracts/locales';
import { getMessages } from 'next-intl/server';
import type { TAuthTexts } from '../texts';

type TMessages = Record<string, Record<string, string>>;

/** The texts one auth form needs (texts.ts), read from the locale's messages. */
export async function getAuthTexts(locale: TLocale, form: 'LoginForm' | 'SignupForm' | 'ResetForm'): Promise<TAuthTexts> {
  const messages = (await getMessages({ locale })) as unknown as TMessages;
  return {
    form: messages[form] ?? {},
    code: messages.CodeButton as TAuthTexts['code'],
    validation: messages.validation ?? {},
    success: messages.success ?? {},
    network: messages.errors?.network ?? '',
  };
}
