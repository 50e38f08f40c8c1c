import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
const BASE = process.env.BASE ?? 'http://127.0.0.1:3311';
const root = '/work/main';
function b32(secret) { const a = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'; let bits = ''; for (const c of secret) bits += a.indexOf(c).toString(2).padStart(5, '0'); const out = []; for (let i = 0; i + 8 <= bits.length; i += 8) out.push(parseInt(bits.slice(i, i + 8), 2)); return Buffer.from(out); }
function totp(secret, steps = 0) { const m = Buffer.alloc(8); m.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30000) + steps)); const d = createHmac('sha1', b32(secret)).update(m).digest(); const o = d[d.length - 1] & 15; return String((d.readUInt32BE(o) & 0x7fffffff) % 1e6).padStart(6, '0'); }
const user = `look${Date.now().toString(36)}`;
const out = execFileSync(`${root}/node_modules/.bin/tsx`, ['src/setup/cli.ts', 'admin', '--username', user, '--role', 'OWNER'], { cwd: `${root}/apps/api`, env: { PATH: process.env.PATH, LOG_LEVEL: 'warn' } }).toString();
const path = /(\/admin\/setup#token=[A-Za-z0-9_-]{43})/.exec(out)[1];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
await page.goto(BASE + path);
await page.waitForTimeout(1500);
const secret = (await page.getByTestId('totp-secret').textContent()).trim();
const pw = 'look-password-2026!';
const inputs = page.locator('input[type=password]');
await inputs.nth(0).fill(pw); await inputs.nth(1).fill(pw);
await page.locator('input[inputmode=numeric], input[autocomplete=one-time-code]').first().fill(totp(secret));
await page.locator('form button[type=submit]').click();
await page.waitForURL(/\/admin$/);
for (const lang of ['zh-CN', 'en']) {
  await ctx.addCookies([{ name: 'llk_admin_lang', value: lang, url: `${BASE}/admin` }]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${BASE}/admin/${process.env.SECTION ?? "codes"}`);
    await page.waitForTimeout(1200);
    if (!process.env.SECTION && lang === 'zh-CN' && width === 390) {
      await page.locator('input[name=count]').fill('5');
      await page.locator('textarea[name=reason]').fill('look');
      await page.locator('form button[type=submit]').first().click();
      await page.getByTestId('created-codes').waitFor();
    }
    if (process.env.SECTION === 'jobs' && width === 1280 && lang === 'en') {
      await page.getByTestId('job-cloud-pc-expire-machines').getByRole('button').nth(1).click();
      await page.locator('dialog textarea, [role=dialog] textarea').fill('look');
      await page.locator('[role=dialog] button[type=submit], dialog button[type=submit]').click();
      await page.waitForTimeout(1500);
      await page.getByTestId('job-cloud-pc-expire-machines').getByRole('button').nth(0).click();
      await page.waitForTimeout(800);
    }
    if (!process.env.SECTION && width === 1280 && lang === 'en') {
      const first = (await page.getByTestId('code-batches').locator('td').first().textContent()).trim();
      await page.locator('input[name=code]').fill('AAAA-BBBB-CCCC-DDDD');
      await page.locator('#codes-lookup ~ form button, section[aria-labelledby=codes-lookup] form button').first().click();
      await page.waitForTimeout(800);
    }
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(lang, width, 'scrollWidth', sw, sw > width ? 'OVERFLOW' : 'ok');
    await page.screenshot({ path: `/work/shots/admin-${process.env.SECTION ?? "codes"}-${lang}-${width}.png`, fullPage: true });
  }
}
await browser.close();
