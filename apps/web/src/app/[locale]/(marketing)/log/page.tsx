import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ReleaseNotesBody } from '@/features/download/components/release-notes-body';
import { RELEASE_PLATFORM_NAMES } from '@/features/download/platforms';
import { LocalTime } from '@/components/local-time';
import { fetchFullUpdateLog, groupByPlatform } from '@/features/download/update-log';
import { ButtonLink } from '@/components/ui/button-link';
import { PageIntro } from '@/features/site/components/page-intro';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';
import { Phrased } from '@/lib/phrases';

// Static, regenerated from the API every 5 minutes like the download page.
export const revalidate = 300;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'LogPage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/log', title: t('title'), description: t('description', { brand }) });
}

export default async function LogPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand, entries] = await Promise.all([
    getTranslations({ locale, namespace: 'LogPage' }),
    getBrand(locale),
    fetchFullUpdateLog(locale),
  ]);
  const tag = localeEntries[locale].iso;
  const groups = groupByPlatform(entries ?? []);

  return (
    <>
      <PageIntro locale={locale} title={t('heading')} lede={t('lede', { brand })}>
        <ButtonLink href="/download">{t('downloadCta')}</ButtonLink>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        {groups.length ? (
          <>
            <nav aria-label={t('platformNav')} className="mb-10">
              <ul className="flex flex-wrap gap-2">
                {groups.map(({ platform }) => (
                  <li key={platform}>
                    <a
                      href={`#log-${platform.toLowerCase()}`}
                      className="inline-flex min-h-11 items-center rounded-full border border-line bg-canvas px-4 text-sm font-medium text-ink-soft hover:border-ink-muted"
                    >
                      {RELEASE_PLATFORM_NAMES[platform]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="space-y-14">
              {groups.map(({ platform, entries: platformEntries }) => (
                <section key={platform} aria-labelledby={`log-${platform.toLowerCase()}`}>
                  <h2 id={`log-${platform.toLowerCase()}`} className="scroll-mt-24 text-2xl font-semibold tracking-tight text-ink">
                    {RELEASE_PLATFORM_NAMES[platform]}
                  </h2>
                  <ol className="mt-6 space-y-8 border-s border-line ps-6">
                    {platformEntries.map((entry) => (
                      <li key={entry.version}>
                        <h3 className="text-lg font-semibold text-balance break-keep text-ink">
                          <Phrased text={t('version', { version: entry.version })} locale={locale} />{' '}
                          <LocalTime
                            iso={entry.releasedAt}
                            languageTag={tag}
                            kind="date"
                            className="ms-2 text-sm font-normal text-ink-muted"
                          />
                        </h3>
                        <div className="mt-3">
                          <ReleaseNotesBody
                            notes={entry.notes}
                            lang={entry.locale === locale ? undefined : localeEntries[entry.locale].iso}
                          />
                        </div>
                      </li>
                    ))}
                  </ol>
                </section>
              ))}
            </div>
          </>
        ) : (
          <p role="status" className="max-w-2xl leading-relaxed text-ink-muted">
            {t('unavailable')}
          </p>
        )}
      </div>
    </>
  );
}
