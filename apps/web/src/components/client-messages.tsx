import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';

/**
 * Gives the client components inside it useTranslations() for the listed namespaces only,
 * e.g. <ClientMessages namespaces={['LoginForm', 'validation', 'errors']}>. The root layout has
 * no provider, so pages without interactive text ship neither messages nor use-intl's runtime.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  const picked = Object.fromEntries(namespaces.filter((name) => name in messages).map((name) => [name, messages[name]]));
  return (
    <NextIntlClientProvider locale={locale} messages={picked} timeZone="Asia/Shanghai">
      {children}
    </NextIntlClientProvider>
  );
}
