import type { TNewsSummary } from '@llk/contracts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { AccountCard } from '@/features/account/components/account-card';
import { AccountHeading } from '@/features/account/components/account-heading';
import { SecuritySection } from '@/features/account-security/components/security-section';
import { NewsCard } from '@/features/news/components/news-card';
import { FeatureGrid } from '@/features/site/components/feature-grid';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { Phrased, phrasedHeadings } from './phrases';

// Every h1–h3 of the public and account pages breaks Chinese and Japanese at phrases (ADR 0020):
// the page-level heading components render a Japanese title with a <wbr> between its
// phrases and keep-all, and no heading in the pages' source escapes it unless listed below.

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'ja' }),
  usePathname: () => '/ja/news-1',
}));

const TITLE = 'スクリーンウォールをまだお持ちではありません';

/** The first h1–h3 of `html`: whether it keeps CJK words whole, whether it has <wbr>s, its text without them. */
function headingOf(html: string) {
  const [, , attributes = '', body = ''] = /<(h[1-3])\b([^>]*)>([\s\S]*?)<\/\1>/.exec(html) ?? [];
  return { keepAll: keepsAll(attributes), broken: body.includes('<wbr/>'), text: body.replaceAll('<wbr/>', '').replace(/<[^>]+>/g, '') };
}

/** Whether a heading's attributes give it keep-all (Tailwind's break-keep). */
function keepsAll(attributes: string): boolean {
  return /\bbreak-keep\b/.test(attributes);
}

const phrased = { keepAll: true, broken: true, text: TITLE };

describe('the page-level heading components phrase-break a Japanese title', () => {
  it('account pages: the h1, the overview cards and the security sections', () => {
    expect(headingOf(renderToStaticMarkup(<AccountHeading locale="ja" title={TITLE} lede="…" />))).toEqual(phrased);
    expect(
      headingOf(
        renderToStaticMarkup(
          <AccountCard locale="ja" title={TITLE}>
            …
          </AccountCard>,
        ),
      ),
    ).toEqual(phrased);
    expect(
      headingOf(
        renderToStaticMarkup(
          <SecuritySection id="s" locale="ja" title={TITLE}>
            …
          </SecuritySection>,
        ),
      ),
    ).toEqual(phrased);
  });

  it('inner pages: the intro’s h1, a section’s h2 and a feature grid’s h3s', () => {
    expect(headingOf(renderToStaticMarkup(<PageIntro locale="ja" title={TITLE} lede="…" />))).toEqual(phrased);
    expect(
      headingOf(
        renderToStaticMarkup(
          <PageSection id="s" locale="ja" title={TITLE}>
            …
          </PageSection>,
        ),
      ),
    ).toEqual(phrased);
    expect(headingOf(renderToStaticMarkup(<FeatureGrid locale="ja" items={[{ key: 'a', title: TITLE, body: '…' }]} />))).toEqual(phrased);
  });

  it('news cards: the title as the server phrased it; plain in the browser’s “View more”, without keep-all', () => {
    const item: TNewsSummary = {
      id: 7,
      kind: 'NEWS',
      title: TITLE,
      summary: '…',
      publishedAt: '2026-11-01T16:30:00.000Z',
      validFrom: null,
      validUntil: null,
      locale: 'ja',
    };
    const labels = { kinds: { NEWS: 'お知らせ', PROMOTION: 'キャンペーン' }, running: '{date}まで', upcoming: '{date}から', ended: '終了' };
    expect(
      headingOf(
        renderToStaticMarkup(<NewsCard item={item} lang="ja" labels={labels} phrasedTitle={<Phrased text={item.title} locale="ja" />} />),
      ),
    ).toEqual(phrased);
    expect(headingOf(renderToStaticMarkup(<NewsCard item={item} lang="ja" labels={labels} />))).toEqual({
      keepAll: false,
      broken: false,
      text: TITLE,
    });
  });

  it('client components get their headings phrased as props', () => {
    const headings = phrasedHeadings(['long', 'short'], (key) => (key === 'long' ? TITLE : '保存'), 'ja');
    expect(headingOf(renderToStaticMarkup(<h2 className="break-keep">{headings.long}</h2>))).toEqual(phrased);
    expect(renderToStaticMarkup(<h2>{headings.short}</h2>)).toBe('<h2>保存</h2>');
  });
});

// ---- every heading in the source ----

const SRC = path.resolve(import.meta.dirname, '..');

/**
 * Headings left without phrase breaking, each with its reason (file, then a piece of the
 * heading's JSX). A new heading is phrased (Phrased on the server; a phrased node handed to a
 * client component, whose heading then carries break-keep) or listed here. Japanese headings of
 * client components still break at phrases in Chrome and Edge (globals.css, auto-phrase).
 */
const NOT_PHRASED: Record<string, Record<string, string>> = {
  'app/[locale]/dev/outbox/page.tsx': { "t('heading')": 'a developer’s page, not public' },
  'app/[locale]/(marketing)/pricing/page.tsx': { "page('plansHeading')": 'visually hidden (sr-only): never laid out' },
  'app/[locale]/(marketing)/log/page.tsx': { RELEASE_PLATFORM_NAMES: 'platform names (Windows, macOS…), the same in every language' },
  'features/download/components/platform-card.tsx': { 'texts.name': 'platform names (Windows, macOS…)' },
  'features/pricing/components/plan-card.tsx': { '{name}': 'the plan’s name, one short word' },
  'features/cloud-pc/components/device-list.tsx': {
    'device.name': 'a machine’s id (CPC-7K2M9Q)',
    'd.cancelTitle': 'a dialog’s title with the machine’s id filled in the browser',
  },
  'features/account-fleet/components/walls-panel.tsx': { 'wall.name': 'a name the user typed, shown and changed in the browser' },
  'features/account-devices/components/devices-panel.tsx': {
    "t('batch.removeTitle'": 'a dialog’s title with a count filled in the browser',
  },
  'features/account-devices/components/group-nav.tsx': {
    "t('groups.label')": 'one word (デバイスグループ, 设备分组) beside the list it names',
    "t('groups.deleteTitle'": 'a dialog’s title with a group’s name filled in the browser',
    "t('groups.createTitle')": 'a dialog’s title with a group’s name filled in the browser',
  },
  'features/account-devices/components/policy-dialog.tsx': {
    "t('policies.title'": 'a dialog’s title with a device’s name filled in the browser',
  },
  'features/account-devices/components/share-dialog.tsx': {
    "t('share.title'": 'a dialog’s title with a device’s name filled in the browser',
  },
  'features/account-connections/components/connections-panel.tsx': {
    "t('list.title')": 'a short title (接続履歴, 연결 기록) of a list the browser pages through',
  },
  'features/account-connections/components/disconnect-dialog.tsx': {
    "t('live.confirmTitle')": 'a dialog’s title, opened in the browser',
  },
  'features/account-connections/components/live-sessions.tsx': {
    "t('live.title')": 'a short title of a section the browser refreshes every 10 s',
  },
  'features/account-devices/components/sessions-dialog.tsx': {
    "t('device.title'": 'a dialog’s title with a device’s name filled in the browser',
  },
  'features/notifications/notifications-bell.tsx': { "text(texts, 'title')": 'one word (通知, 알림) of a popover opened in the browser' },
  'features/account-security/components/second-step-form.tsx': {
    'texts.title': 'one word (2段階認証, 两步验证) of a form loaded in the browser',
  },
  'features/search/components/search-results.tsx': { 'hit.title': 'search results, asked for by the browser' },
  'components/error-screen-texts.tsx': {
    'texts.ErrorPage.title': 'the error page: an error boundary, rendered in the browser with no server parent',
    'texts.Fatal.elsewhere': 'the error page: an error boundary, rendered in the browser with no server parent',
  },
  // being reworked with the ambassador page (ambassador-state.tsx): to phrase there
  'app/[locale]/(auth)/promotionPlan/page.tsx': { "t('rulesHeading')": 'to do with the ambassador page’s rework' },
  'features/referral/components/ambassador-dashboard.tsx': {
    'texts.totalsHeading': 'to do with the ambassador page’s rework',
    'texts.referredHeading': 'to do with the ambassador page’s rework (a count filled in the browser)',
    'texts.commissionsHeading': 'to do with the ambassador page’s rework (a count filled in the browser)',
  },
  'features/referral/components/payout-section.tsx': { 'texts.payoutTitle': 'to do with the ambassador page’s rework' },
};

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* sources(file);
    else if (file.endsWith('.tsx') && !file.endsWith('.test.tsx')) yield file;
  }
}

/** The public and account pages' components (the back office is out of scope: staff read it in their language). */
const files = ['app/[locale]', 'features', 'components']
  .flatMap((root) => [...sources(path.join(SRC, root))])
  .concat(path.join(SRC, 'app/global-error.tsx'))
  .map((file) => ({ rel: path.relative(SRC, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }))
  .filter(({ rel }) => !rel.startsWith('features/admin'));

/** Each h1–h3 of the files that is neither phrased nor listed, and the entries of NOT_PHRASED that matched one. */
function scanHeadings() {
  const unphrased: string[] = [];
  const listed = new Set<string>();
  for (const { rel, text } of files) {
    for (const [, , attributes = '', body = ''] of text.matchAll(/<(h[1-3])\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
      if (body.includes('<Phrased') || keepsAll(attributes)) continue;
      const piece = Object.keys(NOT_PHRASED[rel] ?? {}).find((candidate) => body.includes(candidate));
      if (piece) listed.add(`${rel} ${piece}`);
      else unphrased.push(`${rel}: ${body.replace(/\s+/g, ' ').trim()}`);
    }
  }
  return { unphrased, listed };
}

describe('every h1–h3 of the public and account pages', () => {
  it('is phrase-broken, or listed with its reason', () => {
    const { unphrased, listed } = scanHeadings();
    expect(unphrased).toEqual([]);
    // no entry outlives its heading
    const entries = Object.entries(NOT_PHRASED).flatMap(([rel, pieces]) => Object.keys(pieces).map((piece) => `${rel} ${piece}`));
    expect(entries.filter((entry) => !listed.has(entry))).toEqual([]);
  });

  it('keeps the phrase splitter on the server: no client component imports it', () => {
    const clients = files.filter(({ text }) => /^['"]use client['"]/.test(text));
    expect(clients.length).toBeGreaterThan(20);
    expect(clients.filter(({ text }) => /from '@\/lib\/phrases'|\/server\//.test(text)).map(({ rel }) => rel)).toEqual([]);
  });
});
