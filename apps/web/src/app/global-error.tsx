'use client';

import { defaultLocale, type TLocale } from '@llk/contracts/locale-codes';
import { Suspense, use, useId, useSyncExternalStore } from 'react';
import { buttonClass } from '@/components/ui/button';
import { isCrawler } from '@/lib/crawler';
import { localizeHref, splitLocalePrefix } from '@/lib/locale-path';
import type en from '../../messages/en/common.json';
import './globals.css';

// The error pages (issue 20, item 10): the spec's line 'error' (section 2, kept in English like
// the fatal page's "Page Not Found: …"), with a heading, an explanation, a way to try again and
// links onwards in the visitor's language, laid out as the fatal page (components/fatal-view.tsx).
// Crawlers still get nothing.
//
// Both error boundaries are part of every page's first load, and no page has next-intl's client
// provider (JS budget, README "JS budget"): so the texts are not bundled but fetched when an
// error is shown, the visitor's language only (its common.json, about 1 KiB gzip). If that
// fails too (a lost connection is a common cause of the error), the spec's line stays alone.
// [locale]/error.tsx shows the same screen inside the locale's layout.

type TCommon = typeof en;

const COMMON: Record<TLocale, () => Promise<{ default: TCommon }>> = {
  'zh-CN': () => import('../../messages/zh-CN/common.json'),
  'zh-tw': () => import('../../messages/zh-tw/common.json'),
  en: () => import('../../messages/en/common.json'),
  es: () => import('../../messages/es/common.json'),
  fr: () => import('../../messages/fr/common.json'),
  ja: () => import('../../messages/ja/common.json'),
  ko: () => import('../../messages/ko/common.json'),
};

/** Where a visitor goes instead: the fatal page's links (the header's own labels). */
const ELSEWHERE = ['download', 'pricing', 'guide', 'contact'] as const;

export type TErrorTexts = Pick<TCommon, 'ErrorPage' | 'Fatal'> & {
  brand: string;
  homeLabel: string;
  links: Record<(typeof ELSEWHERE)[number], string>;
};

const loaded = new Map<TLocale, Promise<TErrorTexts | null>>();

/** The error screen's texts in a locale, loaded once per page (null when they could not be loaded). */
export function loadErrorTexts(locale: TLocale): Promise<TErrorTexts | null> {
  let texts = loaded.get(locale);
  if (!texts) {
    texts = COMMON[locale]().then(
      ({ default: common }) => ({
        ErrorPage: common.ErrorPage,
        Fatal: common.Fatal,
        brand: common.app.title['1'],
        homeLabel: common.Header.homeLabel,
        links: { download: common.Header.download, pricing: common.Header.pricing, guide: common.Header.guide, contact: common.Header.contact },
      }),
      // kept: the page stays as it is until the visitor reloads it (a render never retries by itself)
      () => null,
    );
    loaded.set(locale, texts);
  }
  return texts;
}

const noSubscription = () => () => {};

function Logo() {
  // eslint-disable-next-line @next/next/no-img-element -- a 1 KB SVG needs no image optimisation
  return <img src="/imgs/logo.svg" alt="" width={32} height={32} className="size-8" />;
}

/** The fatal page's frame; until the texts are there (or when they cannot be), the spec's line alone. */
function ErrorFrame({ locale, texts, onRetry, withTitle }: { locale: TLocale; texts: TErrorTexts | null; onRetry: () => void; withTitle: boolean }) {
  const elsewhereId = useId();
  const home = localizeHref(locale, '/');
  return (
    <div className="flex flex-1 flex-col bg-linear-to-b from-brand-50/60 to-surface">
      <header className="container-page flex h-(--header-height) items-center">
        {/* the logo file: components/layout/logo.tsx is a server module */}
        {texts ? (
          <a href={home} aria-label={texts.homeLabel} className="flex shrink-0 items-center gap-2.5 rounded-control text-ink">
            <Logo />
            <span className="text-[1.0625rem] font-semibold tracking-tight">{texts.brand}</span>
          </a>
        ) : (
          <Logo />
        )}
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 pb-24 pt-10">
        <div className="w-full max-w-lg text-center">
          {texts && <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{texts.ErrorPage.title}</h1>}
          <p lang="en" className="mx-auto mt-6 w-fit max-w-full rounded-control border border-line bg-canvas px-4 py-2.5 font-mono text-sm text-ink">
            error
          </p>
          {texts && (
            <>
              <p className="mt-4 leading-relaxed text-pretty text-ink-muted">{texts.ErrorPage.hint}</p>
              <div className="mt-8 flex flex-wrap justify-center gap-3">
                <button type="button" onClick={onRetry} className={buttonClass({}, 'shadow-sm')}>
                  {texts.ErrorPage.retry}
                </button>
                {/* whole page loads, not the router: what failed may be the app's own state */}
                <a href={home} className={buttonClass({ variant: 'secondary' })}>
                  {texts.Fatal.backHome}
                </a>
              </div>
              <nav aria-labelledby={elsewhereId} className="mt-10 border-t border-line pt-6">
                <h2 id={elsewhereId} className="text-sm font-medium text-ink-muted">
                  {texts.Fatal.elsewhere}
                </h2>
                <ul className="mt-3 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium">
                  {ELSEWHERE.map((key) => (
                    <li key={key}>
                      <a href={localizeHref(locale, `/${key}`)} className="text-brand-700 underline-offset-4 hover:underline">
                        {texts.links[key]}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              {withTitle && <title>{`${texts.ErrorPage.title} | ${texts.brand}`}</title>}
            </>
          )}
        </div>
      </main>
    </div>
  );
}

type TScreenProps = { locale: TLocale; onRetry: () => void; withTitle?: boolean };

function LoadedFrame({ pending, ...props }: TScreenProps & { pending: Promise<TErrorTexts | null> }) {
  return <ErrorFrame {...props} texts={use(pending)} withTitle={props.withTitle ?? false} />;
}

/** The error screen in a locale (nothing for crawlers); `withTitle` when it is the whole document. */
export function ErrorScreen(props: TScreenProps) {
  const crawler = useSyncExternalStore(noSubscription, () => isCrawler(navigator.userAgent), () => false);
  if (crawler) return null;
  return (
    <Suspense fallback={<ErrorFrame {...props} texts={null} withTitle={false} />}>
      <LoadedFrame {...props} pending={loadErrorTexts(props.locale)} />
    </Suspense>
  );
}

/** The locale of a path by its prefix (/en, /zh-tw, …; none is zh-CN). */
function localeOfPath(pathname: string): TLocale {
  return splitLocalePrefix(pathname).locale ?? defaultLocale;
}

/** <html lang> of a locale: localeEntries' iso, without importing the whole locale table. */
function htmlLang(locale: TLocale): string {
  return locale === 'zh-tw' ? 'zh-TW' : locale;
}

const pathOnServer = () => '/';

/**
 * When the root layout itself fails: its own document (no layout, no providers), in the
 * language of the address's prefix, with the site's styles.
 */
export default function GlobalError({ reset, retry }: { error: unknown; reset: () => void; retry?: () => void }) {
  const locale = localeOfPath(useSyncExternalStore(noSubscription, () => window.location.pathname, pathOnServer));
  return (
    <html lang={htmlLang(locale)}>
      <body>
        <ErrorScreen locale={locale} onRetry={retry ?? reset} withTitle />
      </body>
    </html>
  );
}
