import { isLocale, type TLocale } from '@llk/contracts/locales';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';

export type LocaleParams<P extends object = object> = Promise<P & { locale: string }>;

/**
 * Reads the [locale] segment, enables static rendering for it and returns it typed. The layout
 * already rejects unknown locales; this keeps pages and generateMetadata safe on their own.
 */
export async function resolveLocale(params: LocaleParams): Promise<TLocale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return locale;
}

/** The brand name (message app.title.1), for headings that name the product. */
export async function getBrand(locale: TLocale): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'app.title' });
  return t('1');
}
