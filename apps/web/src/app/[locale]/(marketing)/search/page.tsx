import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/features/site/components/page-intro';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { getPathname } from '@/i18n/navigation';
import { buildPageMetadata } from '@/lib/metadata';

type SearchParams = Promise<{ q?: string | string[] }>;

function readQuery(q: string | string[] | undefined): string {
  return (Array.isArray(q) ? q[0] : q)?.trim().slice(0, 100) ?? '';
}

export async function generateMetadata({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, { q }] = await Promise.all([getTranslations({ locale, namespace: 'SearchPage' }), searchParams]);
  // Result pages depend on the query; only the empty search page is worth indexing.
  return buildPageMetadata({ locale, path: '/search', title: t('title'), description: t('description'), noIndex: readQuery(q) !== '' });
}

export default async function SearchPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const [t, { q }] = await Promise.all([getTranslations({ locale, namespace: 'SearchPage' }), searchParams]);
  const query = readQuery(q);

  return (
    <PageIntro title={t('heading')} lede={t('lede')}>
      {/* A plain GET form: works without JavaScript and gives shareable ?q= URLs. */}
      <form role="search" action={getPathname({ locale, href: '/search' })} method="get" className="flex w-full max-w-2xl flex-col gap-3 sm:flex-row">
        <label htmlFor="search-q" className="sr-only">
          {t('label')}
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={query}
          placeholder={t('placeholder')}
          maxLength={100}
          enterKeyHint="search"
          className="min-h-11 flex-1 rounded-control border border-line-strong bg-canvas px-4 text-base text-ink placeholder:text-ink-muted/70 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600"
        />
        <button
          type="submit"
          className="min-h-11 rounded-control bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
        >
          {t('submit')}
        </button>
      </form>
    </PageIntro>
  );
}
