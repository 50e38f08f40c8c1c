import { ZUpdateLog } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { fetchContent } from '@/lib/content-fetch';
import { RELEASE_PLATFORM_NAMES } from '@/features/download/platforms';
import { releaseCadence } from '@/features/security/release-cadence';
import { SECURITY_FACTS } from '@/features/security/facts';
import { TextLink } from '@/components/ui/button-link';
import { FeatureGrid } from '@/features/site/components/feature-grid';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { LocalTime } from '@/components/local-time';
import { formatDate, SERVICE_TIME_ZONE } from '@/lib/format';
import { buildPageMetadata } from '@/lib/metadata';
import { legalPath } from '@/lib/routes';
import { Phrased } from '@/lib/phrases';

// The security and privacy page (ADR 0033): what the product really does, read from
// its code (features/security/facts.ts, held to the API's sources by a test), and the release
// history as the API serves it. No certificate, seal, logo or count the product does not have:
// there are none, and the page says so. Static, regenerated from the API like /download.
export const revalidate = 300;

const practices = ['transit', 'passwords', 'twoStep', 'passkeys', 'sessions', 'payments'] as const;
const retention = ['account', 'sessions', 'codes', 'unpaid', 'security', 'orders'] as const;
/** Release notes read for the history: the API's largest page. */
const HISTORY_SIZE = 50;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'SecurityPage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/security', title: t('title'), description: t('description', { brand }) });
}

export default async function SecurityPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand, log] = await Promise.all([
    getTranslations({ locale, namespace: 'SecurityPage' }),
    getBrand(locale),
    fetchContent(`/download/updateLog?pageSize=${HISTORY_SIZE}`, locale, ZUpdateLog),
  ]);
  const tag = localeEntries[locale].iso;
  const facts = {
    memory: SECURITY_FACTS.argon2MemoryMiB,
    passes: SECURITY_FACTS.argon2Passes,
    lockAfter: SECURITY_FACTS.loginLockAfter,
    idle: SECURITY_FACTS.sessionIdleDays,
    absolute: SECURITY_FACTS.sessionAbsoluteDays,
    codeMinutes: SECURITY_FACTS.codeMinutes,
    orderMinutes: SECURITY_FACTS.orderMinutes,
    days: SECURITY_FACTS.coolingOffDays,
  };
  const cadence = releaseCadence(log?.list ?? []);
  // the newest release of each platform (the API lists the newest first)
  const entries = log?.list ?? [];
  const latest = entries.filter((entry, index) => entries.findIndex((other) => other.platform === entry.platform) === index);

  return (
    <>
      <PageIntro locale={locale} title={t('heading')} lede={t('lede', { brand })}>
        <p
          role="note"
          className="max-w-3xl rounded-card border border-line bg-canvas px-4 py-3 text-sm leading-relaxed text-ink-soft"
          data-testid="no-claims"
        >
          {t('noClaims')}
        </p>
      </PageIntro>

      <PageSection locale={locale} id="security-practices" title={t('practicesHeading')}>
        <FeatureGrid
          locale={locale}
          items={practices.map((key) => ({ key, title: t(`practices.${key}.title`), body: t(`practices.${key}.body`, facts) }))}
        />
      </PageSection>

      <PageSection locale={locale} id="security-data" title={t('dataHeading')} intro={t('dataIntro', { brand })} muted>
        <dl className="grid gap-px overflow-hidden rounded-card border border-line bg-line sm:grid-cols-2" data-testid="retention">
          {retention.map((key) => (
            <div key={key} className="flex flex-col bg-canvas p-5">
              <dt className="font-semibold text-ink">{t(`retention.${key}.label`)}</dt>
              <dd className="mt-1 leading-relaxed text-ink-muted">{t(`retention.${key}.value`, facts)}</dd>
            </div>
          ))}
        </dl>
      </PageSection>

      <PageSection locale={locale} id="security-erasure" title={t('erasureHeading')}>
        <p className="max-w-3xl leading-relaxed text-ink-muted">{t('erasureBody', facts)}</p>
        <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          <TextLink href="/account/cancel">{t('erasureLink')}</TextLink>
          <TextLink href={legalPath('privacy')}>{t('privacyLink')}</TextLink>
        </p>
      </PageSection>

      <PageSection locale={locale} id="security-releases" title={t('releasesHeading')} muted>
        {cadence ? (
          <p className="max-w-3xl leading-relaxed text-ink-soft" data-testid="release-cadence">
            {/* a count of releases per day of the service: China's days, like the reports (docs/adr/0031) */}
            {cadence.everyDays === null
              ? t('releasesOneDay', { count: cadence.count, date: formatDate(cadence.to, tag, 'long', SERVICE_TIME_ZONE) })
              : t('releasesCadence', {
                  count: cadence.count,
                  from: formatDate(cadence.from, tag, 'long', SERVICE_TIME_ZONE),
                  to: formatDate(cadence.to, tag, 'long', SERVICE_TIME_ZONE),
                  every: cadence.everyDays,
                })}
          </p>
        ) : (
          <p className="max-w-3xl leading-relaxed text-ink-muted">{t('releasesNone')}</p>
        )}
        {latest.length > 0 ? (
          <>
            <h3 className="mt-6 font-semibold text-balance break-keep text-ink">
              <Phrased text={t('releasesLatest')} locale={locale} />
            </h3>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {latest.map((entry) => (
                <li key={entry.platform} className="rounded-control border border-line bg-canvas px-4 py-3">
                  <span className="font-medium text-ink">
                    {RELEASE_PLATFORM_NAMES[entry.platform]} {entry.version}
                  </span>
                  <LocalTime iso={entry.releasedAt} languageTag={tag} kind="date" className="block text-sm text-ink-muted" />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="mt-6">
          <TextLink href="/log">{t('releasesLink')}</TextLink>
        </p>
      </PageSection>
    </>
  );
}
