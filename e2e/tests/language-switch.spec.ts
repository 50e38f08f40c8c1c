import { expect, test, type Page } from '@playwright/test';
import { LOCALE_COOKIE } from '@llk/contracts';
import { whenHydrated } from '../support/accounts';

// The menu's links save the choice in a cookie from the browser: a click before React has
// hydrated the header follows the link without it, and an unprefixed URL then goes back to the
// language the old cookie names (seen on a loaded CI machine). Click once the link is live.
async function switchTo(page: Page, name: string) {
  const summary = page.locator('header details > summary:visible').first();
  await summary.click();
  await (await whenHydrated(page.locator('header details[open] a', { hasText: name }).first())).click();
}

test('the language switch keeps the page and its query, and saves the cookie', async ({ page, context }) => {
  await context.addCookies([{ name: LOCALE_COOKIE, value: 'en', url: 'http://127.0.0.1' }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/pricing?from=app&clientType=MAC');

  await switchTo(page, '日本語');
  await expect(page).toHaveURL(/\/ja\/pricing\?from=app&clientType=MAC$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('ja');

  // the saved choice now wins on unprefixed URLs
  await page.goto('/about');
  await expect(page).toHaveURL(/\/ja\/about$/);

  // and switching to the default language goes to the unprefixed URL and stays there
  await page.goto('/ja/pricing');
  await switchTo(page, '简体中文');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/pricing$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('zh-CN');
});

test('the language switch works from the phone menu with the keyboard', async ({ page, context }) => {
  await context.addCookies([{ name: LOCALE_COOKIE, value: 'en', url: 'http://127.0.0.1' }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/download');
  const summary = page.locator('header details > summary:visible').first();
  if ((await summary.count()) === 0) {
    // the phone menu's button opens it from React's handler: a tap before hydration does nothing
    await (await whenHydrated(page.locator('header button[data-nav-menu]'))).click();
  }
  const visibleSummary = page.locator('header details > summary:visible').first();
  await visibleSummary.focus();
  await page.keyboard.press('Enter');
  const korean = page.locator('header details[open] a', { hasText: '한국어' }).first();
  await korean.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ko\/download$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
});

test.describe('before or without the page script', () => {
  test.use({ javaScriptEnabled: false });

  test('a language link still goes to the same page and saves the choice', async ({ page, context }) => {
    await context.addCookies([{ name: LOCALE_COOKIE, value: 'ja', url: 'http://127.0.0.1' }]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/ja/pricing');
    await page.locator('header details > summary:visible').first().click();
    await page.locator('header details[open] a', { hasText: '简体中文' }).first().click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('zh-CN');

    // and a prefixed language replaces the saved one too
    await page.locator('header details > summary:visible').first().click();
    await page.locator('header details[open] a', { hasText: 'Français' }).first().click();
    await expect(page).toHaveURL(/\/fr\/pricing$/);
    expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('fr');
    await page.goto('/about');
    await expect(page).toHaveURL(/\/fr\/about$/);
  });
});
