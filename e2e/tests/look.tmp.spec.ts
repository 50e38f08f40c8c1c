import { test } from '@playwright/test';

test('look', async ({ browser }) => {
  for (const locale of ['zh-CN', 'en', 'ko']) {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await ctx.newPage();
    await page.goto(`/${locale}/download`);
    await page.screenshot({ path: `/tmp/look/download-${locale}-360.png`, fullPage: true });
    await ctx.close();
  }
});
