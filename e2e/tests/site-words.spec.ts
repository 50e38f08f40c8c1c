import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { type TLocale } from '@llk/contracts/locales';
import { localePath, useLocale } from '../support/accounts';

// Words broken inside without a hyphen on phones. For each named string, on
// its page at 320 and 390 px (a phone's user agent), no line ends inside it, except after a soft
// hyphen (U+00AD, drawn as "-" when the line breaks there) or a hyphen: French "simultanées" and
// "personnalisés" hyphenate, Korean "8~128" and "Mbps" and Japanese "フルクロマカラー" and
// "ビットレート" stay whole, the brand "LLK Remote" is never cut in the zh-TW heading, and
// "プライバシーポリシー" is one word in the Japanese footer and legal page. Measured per character
// with Range.getClientRects on the text: a line change is where a character's box starts lower.

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

// the words where they were seen cut: the pricing table, the home page's figures, the zh-TW
// heading, the Japanese footer and legal title (Japanese running text may break between any two
// kana, as Japanese typesetting allows; its captions and titles keep their words)
const CASES: { locale: TLocale; path: string; scope: string; words: string[] }[] = [
  { locale: 'fr', path: '/pricing', scope: '[data-testid="feature-matrix"]', words: ['simultanées', 'personnalisés'] },
  { locale: 'ko', path: '/', scope: 'section[aria-labelledby="home-figures"]', words: ['8~128', 'Mbps'] },
  { locale: 'ja', path: '/', scope: 'section[aria-labelledby="home-figures"]', words: ['フルクロマカラー', 'ビットレート'] },
  { locale: 'ja', path: '/', scope: 'footer', words: ['プライバシーポリシー'] },
  { locale: 'zh-tw', path: '/promotionPlan', scope: 'h1', words: ['LLK Remote'] },
  { locale: 'ja', path: '/legal/privacy', scope: 'h1', words: ['プライバシーポリシー'] },
];

/** Every visible occurrence of each word that a line break cuts where no hyphen is drawn, with its text around it. */
async function cutWords(page: Page, scope: string, words: string[]): Promise<{ word: string; found: number; cuts: string[] }[]> {
  return page.evaluate(
    ({ selector, list }) => {
      const results: { word: string; found: number; cuts: string[] }[] = [];
      for (const word of list) {
        // the word as the DOM may hold it: a soft hyphen may stand between any two characters, a
        // space may be a no-break space
        const pattern = new RegExp(
          [...word].map((char) => (char === ' ' ? '[ \u00a0\u202f]' : char.replace(/[.*+?^${}()|[\]\\~]/g, '\\$&'))).join('\u00ad?'),
          'g',
        );
        const root = document.querySelector(selector) ?? document.body;
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        let found = 0;
        const cuts: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(pattern)) {
            const start = match.index ?? 0;
            const tops: number[] = [];
            for (let at = start; at < start + match[0].length; at++) {
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + 1);
              // the last box: Chromium gives the character after a hyphenation break a second box,
              // the drawn hyphen's, on the line before
              const box = Array.from(range.getClientRects())
                .filter((rect) => rect.width > 0)
                .at(-1);
              tops.push(box ? box.top : Number.NaN);
            }
            if (tops.every((top) => Number.isNaN(top))) continue; // not shown (hidden, or a screen-reader-only copy)
            found++;
            // a line change: a character starting lower than the last one with a box; allowed only
            // after a soft hyphen or a hyphen (a soft hyphen may have no box where no line breaks)
            let last = -1;
            for (let at = 0; at < tops.length; at++) {
              const here = tops[at] ?? Number.NaN;
              if (Number.isNaN(here)) continue;
              if (last >= 0 && here - (tops[last] ?? here) >= 4 && !/[\u00ad-]/.test(text.slice(start + last, start + at))) {
                cuts.push(
                  `${text.slice(start, start + at)}|${text.slice(start + at, start + match[0].length)} (${Math.round(document.querySelector(selector)?.getBoundingClientRect().width ?? 0)} px)`,
                );
              }
              last = at;
            }
          }
        }
        results.push({ word, found, cuts });
      }
      return results;
    },
    { selector: scope, list: words },
  );
}

for (const { locale, path, scope, words } of CASES) {
  test(`${locale} ${path} ${scope}: ${words.join(', ')} are not cut without a hyphen at 320, 390 and 1280 px`, async ({ browser }) => {
    const baseURL = test.info().project.use.baseURL;
    // 1280: the desktop layout keeps them whole too (and is the wide screenshot)
    for (const width of [320, 390, 1280]) {
      const phone = width <= 390;
      const context = await browser.newContext({
        ...(baseURL ? { baseURL } : {}),
        viewport: { width, height: phone ? 844 : 900 },
        ...(phone ? { userAgent: PHONE_UA, isMobile: true, hasTouch: true } : {}),
      });
      await useLocale(context, locale);
      const page = await context.newPage();
      await page.goto(localePath(locale, path));
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator(scope).first()).toBeVisible();
      if (process.env.E2E_SHOTS) {
        mkdirSync('/tmp/shots', { recursive: true });
        await page
          .locator(scope)
          .first()
          .screenshot({ path: `/tmp/shots/h3-item10-${locale}${path.replace(/\//g, '-')}-${scope.replace(/\W+/g, '')}-${width}.png` });
      }
      const results = await cutWords(page, scope, words);
      for (const result of results) expect(result.found, `${result.word} shown at ${width}`).toBeGreaterThan(0);
      expect(
        results.filter((result) => result.cuts.length > 0),
        `${locale} ${path} at ${width} px`,
      ).toEqual([]);
      await context.close();
    }
  });
}
