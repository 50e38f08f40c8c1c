'use client';

import type { TLocale } from '@llk/contracts/locale-codes';
import { type ReactNode, useId, useSyncExternalStore } from 'react';
import { buttonClass } from '@/components/ui/button';
import { isCrawler } from '@/lib/crawler';
import { localizeHref } from '@/lib/locale-path';
import type en from '../../messages/en/common.json';
import { ErrorFrame, Logo, SpecLine, type TLoadedScreenProps } from './error-frame';

// The error screen's words (error-screen.tsx loads this when an error is shown): heading,
// explanation, "try again" and links onwards in the visitor's language, from that language's
// common.json alone. Crawlers get nothing.

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

/** The error screen's texts in a locale (null when they could not be loaded). */
export async function loadErrorTexts(locale: TLocale): Promise<TErrorTexts | null> {
  try {
    const { default: common } = await COMMON[locale]();
    return {
      ErrorPage: common.ErrorPage,
      Fatal: common.Fatal,
      brand: common.app.title['1'],
      homeLabel: common.Header.homeLabel,
      links: {
        download: common.Header.download,
        pricing: common.Header.pricing,
        guide: common.Header.guide,
        contact: common.Header.contact,
      },
    };
  } catch {
    return null;
  }
}

const noSubscription = () => () => {};

function WordedFrame({ locale, texts, onRetry, withTitle = false }: TLoadedScreenProps & { locale: TLocale; texts: TErrorTexts }) {
  const elsewhereId = useId();
  const crawler = useSyncExternalStore(
    noSubscription,
    () => isCrawler(navigator.userAgent),
    () => false,
  );
  if (crawler) return null;
  const home = localizeHref(locale, '/');
  return (
    <ErrorFrame
      header={
        <a href={home} aria-label={texts.homeLabel} className="flex shrink-0 items-center gap-2.5 rounded-control text-ink">
          <Logo />
          <span className="text-[1.0625rem] font-semibold tracking-tight">{texts.brand}</span>
        </a>
      }
    >
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{texts.ErrorPage.title}</h1>
      <SpecLine />
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
    </ErrorFrame>
  );
}

/** For error-screen.tsx's lazy(): the worded screen in a locale, or the bare frame when its texts cannot be loaded. */
export async function loadErrorScreen(locale: TLocale): Promise<{ default: (props: TLoadedScreenProps) => ReactNode }> {
  const texts = await loadErrorTexts(locale);
  if (!texts) return { default: () => <ErrorFrame /> };
  return { default: (props) => <WordedFrame {...props} locale={locale} texts={texts} /> };
}
