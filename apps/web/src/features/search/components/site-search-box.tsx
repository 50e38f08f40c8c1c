import type { TLocale } from '@llk/contracts/locales';
import { getTranslations } from 'next-intl/server';
import { getPathname } from '@/i18n/navigation';
import { Phrased } from '@/lib/phrases';
import { HotOnFocus } from './hot-on-focus';
import { SearchForm } from './search-form';

/** The search box of the guide and news pages: a GET form to /search, hot searches on focus. */
export async function SiteSearchBox({ locale }: { locale: TLocale }) {
  const [t, tResults] = await Promise.all([
    getTranslations({ locale, namespace: 'SearchPage' }),
    getTranslations({ locale, namespace: 'SearchResults' }),
  ]);
  return (
    <div className="w-full max-w-2xl" data-testid="site-search">
      <SearchForm
        action={getPathname({ locale, href: '/search' })}
        query=""
        texts={{ label: t('label'), placeholder: t('placeholder'), submit: t('submit') }}
      />
      <HotOnFocus inputId="search-q" heading={<Phrased text={tResults('hotHeading')} locale={locale} />} />
    </div>
  );
}
