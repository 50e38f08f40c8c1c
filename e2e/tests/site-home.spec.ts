import { expect, test } from '@playwright/test';

const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

test.describe('home page', () => {
  // the OS chips looked like buttons and did nothing
  test('the platform chips are links to their card on the download page', async ({ page }) => {
    await page.goto('/fr');
    const chips = page.locator('section[aria-labelledby="home-platforms"] a');
    await expect(chips).toHaveText(['Windows', 'macOS', 'iOS et iPadOS', 'Android', 'Linux'].map((name) => new RegExp(`^${name}`)));
    expect(await chips.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      ['windows', 'macos', 'ios', 'android', 'linux'].map((key) => `/fr/download#${key}`),
    );
    // a target a finger can hit
    for (const box of await chips.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44);
    await chips.filter({ hasText: 'Linux' }).click();
    await expect(page).toHaveURL(/\/fr\/download#linux$/);
    await expect(page.locator('article#linux')).toBeInViewport();
  });

  // the display step of the type scale (theme.css --text-display)
  test('the home heading uses the display size: 2.25rem on a phone, 3.25rem on a laptop', async ({ browser }) => {
    for (const [width, size] of [
      [390, '36px'],
      [1280, '52px'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      await page.goto('/ja');
      expect(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontSize), `${width} px`).toBe(size);
      await context.close();
    }
  });

  // only when asked (E2E_SHOTS=1): the pictures to look at when the home page changes
  if (process.env.E2E_SHOTS) {
    test('screenshots of the home page (E2E_SHOTS)', async ({ browser }) => {
      for (const locale of ['zh-CN', 'fr', 'ja']) {
        for (const width of [390, 1280]) {
          const phone = width === 390;
          const context = await browser.newContext({
            viewport: { width, height: phone ? 844 : 800 },
            ...(phone ? { userAgent: PHONE_AGENT, isMobile: true, hasTouch: true } : {}),
          });
          await context.addCookies([{ name: 'llk-lang', value: locale, url: 'http://127.0.0.1' }]);
          const page = await context.newPage();
          await page.goto(locale === 'zh-CN' ? '/' : `/${locale}`);
          await page.screenshot({ path: `/tmp/shots/h6-27-home-top-${locale}-${width}.png` });
          await page
            .locator('section[aria-labelledby="home-platforms"]')
            .screenshot({ path: `/tmp/shots/h6-11-home-chips-${locale}-${width}.png` });
          await context.close();
        }
      }
    });
  }

  test('shows the screen wall, the quality figures and the feature cards', async ({ page }) => {
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 2, name: 'The screen wall: every screen at a glance' })).toBeVisible();
    await expect(page.getByText('Up to 3840 × 2160')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'NVIDIA' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Privacy screen' })).toBeVisible();
  });

  test('filters the user comments with toggle buttons', async ({ page }) => {
    await page.goto('/en');
    const comments = page.locator('[data-category]');
    const filters = page.getByRole('group', { name: 'Show comments from' });
    await expect(comments).toHaveCount(12);
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await filters.getByRole('button', { name: 'Gaming' }).click();
    await expect(filters.getByRole('button', { name: 'Gaming' })).toHaveAttribute('aria-pressed', 'true');
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await expect(comments.filter({ visible: true })).toHaveCount(3);
    for (const item of await comments.filter({ visible: true }).all()) await expect(item).toHaveAttribute('data-category', 'gaming');
    await expect(page.getByRole('status').filter({ hasText: 'Showing 3 comments from Gaming' })).toBeVisible();

    // keyboard only: Tab from "Gaming" to "Management", Space to choose it
    await filters.getByRole('button', { name: 'Gaming' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(filters.getByRole('button', { name: 'Management' })).toHaveAttribute('aria-pressed', 'true');
    await expect(comments.filter({ visible: true })).toHaveCount(3);
    await expect(comments.filter({ visible: true }).first()).toHaveAttribute('data-category', 'management');

    await filters.getByRole('button', { name: 'All' }).click();
    await expect(comments.filter({ visible: true })).toHaveCount(12);
  });

  test('the comment filter speaks the page language', async ({ page }) => {
    await page.goto('/ja');
    const filters = page.getByRole('group', { name: 'ユーザーの種類で絞り込む' });
    await filters.getByRole('button', { name: '運用' }).click();
    await expect(page.locator('[data-category]').filter({ visible: true })).toHaveCount(3);
    await expect(page.getByRole('status').filter({ hasText: '「運用」の声を 3 件表示中' })).toBeVisible();
  });
});
