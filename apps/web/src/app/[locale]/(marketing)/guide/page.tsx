import { isLocale } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getGuideTree } from '@/features/guide/guide-content';
import { guideHref } from '@/features/guide/guide-tree';
import { PageIntro } from '@/features/site/components/page-intro';
import { SiteSearchBox } from '@/features/search/components/site-search-box';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { Link } from '@/i18n/navigation';
import { buildPageMetadata } from '@/lib/metadata';
import { Phrased } from '@/lib/phrases';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'GuidePage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/guide', title: t('title'), description: t('description', { brand }) });
}

/** The guide's sections (from content/guide) with their topics. */
export default async function GuidePage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'GuidePage' }), getBrand(locale)]);
  const tree = getGuideTree(locale);

  return (
    <>
      <PageIntro locale={locale} title={t('heading')} lede={t('lede', { brand })}>
        <SiteSearchBox locale={locale} />
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="guide-sections">
          {tree.map((section, index) => (
            <li
              key={section.slug}
              className="relative flex flex-col rounded-card border border-line bg-canvas p-6 shadow-card transition-shadow hover:shadow-md"
            >
              <span aria-hidden="true" className="text-sm font-semibold text-brand-700">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h2
                className="mt-1 text-lg font-semibold text-balance break-keep text-ink"
                lang={section.locale === locale ? undefined : section.locale}
              >
                <Link href={guideHref(section)} className="hover:text-brand-700">
                  <Phrased text={section.title} locale={isLocale(section.locale) ? section.locale : locale} />
                </Link>
              </h2>
              {section.description ? <p className="mt-2 flex-1 leading-relaxed text-ink-muted">{section.description}</p> : null}
              {section.children.length > 0 ? (
                <ul className="mt-4 flex flex-wrap gap-2 border-t border-line pt-4 text-sm" aria-label={t('topicsHeading')}>
                  {section.children.map((topic) => (
                    <li key={topic.slug} lang={topic.locale === locale ? undefined : topic.locale}>
                      <Link
                        href={guideHref(topic)}
                        className="inline-block rounded-full bg-brand-50 px-3 py-1 text-brand-700 hover:bg-brand-100"
                      >
                        {topic.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
