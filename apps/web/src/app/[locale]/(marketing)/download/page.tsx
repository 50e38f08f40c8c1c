import { ZDownloadList, ZUpdateLog, type TRelease } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DownloadAdvisor, type TAdvisorOption, type TAdvisorOptions } from '@/features/download/components/download-advisor';
import { PlatformCard, type TCardButton } from '@/features/download/components/platform-card';
import { PlatformCards } from '@/features/download/components/platform-cards';
import { QrCode } from '@/components/qr-code';
import { ReleaseNotesBody } from '@/features/download/components/release-notes-body';
import { fetchContent } from '@/lib/content-fetch';
import {
  formatSize,
  groupReleases,
  PLATFORM_KEYS,
  primaryPackage,
  RELEASE_PLATFORM_NAMES,
  type TPlatformKey,
} from '@/features/download/platforms';
import { LocalTime } from '@/components/local-time';
import { TextLink } from '@/components/ui/button-link';
import { ProductScene } from '@/components/illustrations/product-scene';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata, getSiteUrl, localizePath } from '@/lib/metadata';
import { buttonClass } from '@/components/ui/button';
import { DisclosureChevron } from '@/components/ui/disclosure-chevron';

// Static page, regenerated every 5 minutes from the API (lib/content-fetch.ts).
// Built without the API it shows every platform without version details and revalidates soon.
export const revalidate = 300;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'DownloadPage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/download', title: t('title'), description: t('description', { brand }) });
}

export default async function DownloadPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand, list, log] = await Promise.all([
    getTranslations({ locale, namespace: 'DownloadPage' }),
    getBrand(locale),
    fetchContent('/download/list', locale, ZDownloadList),
    fetchContent('/download/updateLog?pageSize=6', locale, ZUpdateLog),
  ]);
  const tag = localeEntries[locale].iso;
  const releases = groupReleases(list?.platforms ?? []);
  const name = (key: TPlatformKey) => t(`platforms.${key}.name`);
  const chips = { X86: t('chips.X86'), ARM: t('chips.ARM'), APPLE_SILICON: t('chips.APPLE_SILICON') };
  const ipad = list?.platforms.find((release) => release.platform === 'IPAD') ?? null;

  const fileOption = (key: TPlatformKey, release: TRelease | null, title: string): TAdvisorOption | undefined => {
    const file = primaryPackage(release);
    if (!release || !file) return undefined;
    return {
      title,
      cta: t('advisor.cta', { platform: name(key) }),
      href: file.url,
      detail: t('advisor.detail', {
        version: release.version,
        chip: chips[file.chipType],
        size: file.sizeBytes ? formatSize(file.sizeBytes, tag) : '—',
      }),
      card: key,
    };
  };
  const storeOption = (release: TRelease | null, title: string): TAdvisorOption | undefined =>
    release?.storeUrl
      ? {
          title,
          cta: t('advisor.store'),
          href: release.storeUrl,
          detail: t('advisor.storeDetail', { version: release.version, minOs: release.minOs }),
          card: 'ios',
        }
      : undefined;

  const options: TAdvisorOptions = {
    windows: fileOption('windows', releases.windows, t('advisor.title', { device: t('devices.windows') })),
    macos: fileOption('macos', releases.macos, t('advisor.title', { device: t('devices.macos') })),
    linux: fileOption('linux', releases.linux, t('advisor.title', { device: t('devices.linux') })),
    androidPhone: fileOption('android', releases.android, t('advisor.title', { device: t('devices.androidPhone') })),
    androidTablet: fileOption('android', releases.android, t('advisor.title', { device: t('devices.androidTablet') })),
    iphone: storeOption(releases.ios, t('advisor.title', { device: t('devices.iphone') })),
    ipad: storeOption(ipad ?? releases.ios, t('advisor.title', { device: t('devices.ipad') })),
  };

  const apk = primaryPackage(releases.android);
  const buttons: Record<TPlatformKey, TCardButton[]> = {
    android: [
      ...(apk
        ? [
            { label: t('packageButtons.androidPhone'), href: apk.url, primary: true },
            { label: t('packageButtons.androidTablet'), href: apk.url },
          ]
        : []),
      ...(releases.android?.storeUrl ? [{ label: t('googlePlay'), href: releases.android.storeUrl }] : []),
    ],
    ios: [
      ...(releases.ios?.storeUrl ? [{ label: t('devices.iphone'), href: releases.ios.storeUrl, primary: true }] : []),
      ...((ipad ?? releases.ios)?.storeUrl ? [{ label: t('devices.ipad'), href: (ipad ?? releases.ios)!.storeUrl! }] : []),
    ],
    windows: [],
    macos: [],
    linux: [],
  };

  const cards = Object.fromEntries(
    PLATFORM_KEYS.map((key) => [
      key,
      <PlatformCard
        platform={key}
        release={releases[key]}
        languageTag={tag}
        buttons={buttons[key]}
        texts={{
          name: name(key),
          body: t(`platforms.${key}.body`),
          version: t('card.version'),
          released: t('card.released'),
          requires: t('card.requires'),
          chips,
          download: t('card.download'),
          size: t('card.size'),
          checksum: t('card.checksum'),
          unavailable: t('card.unavailable'),
        }}
      />,
    ]),
  ) as Record<TPlatformKey, ReactNode>;

  const mobileUrl = `${getSiteUrl().replace(/\/+$/, '')}${localizePath(locale, '/download')}`;
  const updated = log?.list.reduce<string | null>(
    (latest, entry) => (!latest || entry.releasedAt > latest ? entry.releasedAt : latest),
    null,
  );

  return (
    <>
      <PageIntro
        locale={locale}
        title={t('heading', { brand })}
        lede={t('lede')}
        illustration={<ProductScene scene="devices" className="h-auto w-full rounded-panel bg-canvas p-3 shadow-card" />}
      >
        <DownloadAdvisor options={options} otherVersions={t('advisor.otherVersions')} inAppHint={t('advisor.inAppHint')}>
          <p className="font-semibold text-ink">{t('advisor.neutralTitle')}</p>
          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
            <a href="#download-platforms" className={buttonClass()}>
              {t('advisor.neutralCta')}
            </a>
          </div>
          <p className="mt-3 text-sm text-ink-muted">{t('advisor.neutralDetail')}</p>
        </DownloadAdvisor>
      </PageIntro>

      <PageSection locale={locale} id="download-platforms" title={t('platformsHeading')}>
        <PlatformCards order={PLATFORM_KEYS} cards={cards} />
      </PageSection>

      {/* For a visitor on a computer to carry the page to a phone: scanning the screen one holds is no
          use, so the band is shown only where the main pointer is a mouse or a touchpad (a phone or a
          tablet, held either way, has neither hover nor a fine pointer), its printed address too. */}
      <div className="hidden [@media(hover:hover)_and_(pointer:fine)]:block" data-testid="download-mobile">
        <PageSection locale={locale} id="download-mobile" title={t('mobile.heading')} muted>
          <div className="flex flex-col items-start gap-6 sm:flex-row sm:items-center">
            <QrCode value={mobileUrl} label={t('mobile.qrLabel', { url: mobileUrl })} />
            <div className="max-w-xl">
              <p className="leading-relaxed text-ink-muted">{t('mobile.body')}</p>
              <p className="mt-3 text-sm break-all text-ink-soft">{mobileUrl}</p>
            </div>
          </div>
        </PageSection>
      </div>

      <PageSection locale={locale} id="download-updates" title={t('updatesHeading')}>
        {updated ? (
          <p className="font-medium text-ink">
            {/* the label and the date in one message: no space after a full-width colon in CJK */}
            {t.rich('updatedOn', { date: '', time: () => <LocalTime iso={updated} languageTag={tag} kind="date" /> })}
          </p>
        ) : null}
        <p className="mt-2 max-w-3xl leading-relaxed text-ink-muted">{t('updatesBody')}</p>
        {log?.list.length ? (
          <ul className="mt-6 space-y-3">
            {log.list.map((entry) => (
              <li key={`${entry.platform}-${entry.version}`} className="rounded-card border border-line bg-canvas p-4">
                <details className="group">
                  <summary className="flex cursor-pointer list-none items-start justify-between gap-3 font-medium text-ink [&::-webkit-details-marker]:hidden">
                    <span>
                      {t('changelogEntry', { platform: RELEASE_PLATFORM_NAMES[entry.platform], version: entry.version })}
                      {' · '}
                      <LocalTime iso={entry.releasedAt} languageTag={tag} kind="date" className="font-normal text-ink-muted" />
                    </span>
                    <DisclosureChevron className="mt-0.5 size-5 text-ink-muted" />
                  </summary>
                  <div className="mt-3">
                    <ReleaseNotesBody notes={entry.notes} lang={entry.locale === locale ? undefined : localeEntries[entry.locale].iso} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-6">
          <TextLink href="/log">{t('releaseNotesLink')}</TextLink>
        </p>
      </PageSection>
    </>
  );
}
