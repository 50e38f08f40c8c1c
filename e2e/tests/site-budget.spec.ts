import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LOCALE_COOKIE } from '@llk/contracts';
import { locales } from '@llk/contracts/locales';
import { localePath } from '../support/accounts';

// The first-load JavaScript of the pages people land on, in every language, stays
// within 144 KiB gzip (an empty Next.js page, 131.7 KiB, plus 12 KiB). It is deterministic, so it
// is a gate here; Lighthouse's timings are a benchmark (`npm run budget`), never a test. Counted
// as scripts/first-load-js.mjs counts it: every module script the HTML names, gzip level 9.

const BUDGET_KIB = 144;
const PAGES = ['/', '/download', '/pricing', '/guide', '/cloudPc', '/guide/purchase-benefits/membership'] as const;

async function firstLoadKiB(request: APIRequestContext, path: string, locale: string, cache: Map<string, number>): Promise<number> {
  const response = await request.get(path, { headers: { cookie: `${LOCALE_COOKIE}=${locale}` } });
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = match[1] ?? '';
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src && !/\bnomodule\b/i.test(attrs)) sources.add(src);
  }
  let bytes = 0;
  for (const src of sources) {
    if (!cache.has(src)) cache.set(src, gzipSync(await (await request.get(src)).body(), { level: 9 }).length);
    bytes += cache.get(src)!;
  }
  return bytes / 1024;
}

test('the pages people land on load at most 144 KiB of JavaScript (gzip) in every language', async ({ request }) => {
  test.setTimeout(120_000);
  const cache = new Map<string, number>();
  const sizes: Record<string, number> = {};
  for (const locale of locales)
    for (const page of PAGES)
      sizes[`${locale} ${page}`] = Number((await firstLoadKiB(request, localePath(locale, page), locale, cache)).toFixed(1));
  console.info(
    `first-load JS (KiB gzip): ${Object.entries(sizes)
      .map(([page, kib]) => `${page} ${kib}`)
      .join(', ')}`,
  );
  expect(Object.keys(sizes)).toHaveLength(locales.length * PAGES.length);
  expect(Object.entries(sizes).filter(([, kib]) => kib > BUDGET_KIB)).toEqual([]);
  // a page with no script at all would pass for the wrong reason
  expect(Math.min(...Object.values(sizes))).toBeGreaterThan(100);
});
