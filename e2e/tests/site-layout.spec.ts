import { expect, test } from '@playwright/test';
import { locales } from '@llk/contracts/locales';
import { localePath, useLocale } from '../support/accounts';

// The pricing comparison fits a phone in every language, its Free and Pro
// columns on screen and no hidden text widening the page (it was 522 px wide at 390). Every page's
// fit at every width, logged out and logged in, is site-pages.spec.ts's.

test('the pricing comparison fits 320, 360 and 390 px in every language', async ({ page, context }) => {
  for (const locale of locales) {
    await useLocale(context, locale);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(localePath(locale, '/pricing'));
    const matrix = page.getByTestId('feature-matrix');
    await expect(matrix).toBeVisible();
    const phones: { width: number; documentWidth: number; tableWidth: number; boxWidth: number }[] = [];
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      phones.push({
        width,
        ...(await matrix.evaluate((table) => ({
          documentWidth: document.documentElement.scrollWidth,
          tableWidth: table.scrollWidth,
          boxWidth: table.parentElement?.clientWidth ?? 0,
        }))),
      });
    }
    expect(
      phones.filter((fit) => fit.documentWidth > fit.width || fit.tableWidth > fit.boxWidth),
      locale,
    ).toEqual([]);
  }
});
