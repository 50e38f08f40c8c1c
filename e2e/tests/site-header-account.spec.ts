import { type Locator, type Page, expect, test } from '@playwright/test';
import { localeEntries } from '@llk/contracts';
import { locales } from '@llk/contracts/locales';
import { PASSWORD, apiBase, createUser, localePath, useLocale } from '../support/accounts';
import { buyInSandbox, data } from '../support/customers';
import { misfits } from '../support/layout';

// The header's account area with a 20-character nickname on the
// paid plan. At every width from 1024 to 1920 px and in every language the plan and its expiry
// date are visible in full: the element is measured (its text not cut: scrollWidth <=
// clientWidth, inside every ancestor that clips, inside the viewport) and the whole date, with
// its four-digit year, is in what it shows. Below the nav breakpoint (72rem, 1152 px) that is the
// bar's plan chip, and the account line in the opened menu; from it on, the account line in the
// bar. The name shown is the nickname, which the profile says is shown on this site.

const WIDTHS = [1024, 1180, 1280, 1440, 1920] as const;
const NAV_BREAKPOINT = 1152;

interface TFit {
  /** the text the element shows (its aria-hidden part: the sentence is for screen readers) */
  shown: string;
  cut: boolean;
  /** clipped by an ancestor with overflow other than visible, or outside the viewport */
  hidden: boolean;
}

async function fitOf(element: Locator): Promise<TFit> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    let hidden = box.left < -0.5 || box.right > window.innerWidth + 0.5 || box.width === 0;
    for (let parent = node.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) hidden = true;
    }
    const shown = (node.querySelector('[aria-hidden="true"]') ?? node).textContent ?? '';
    return { shown, cut: node.scrollWidth > node.clientWidth + 0.5, hidden };
  });
}

async function openMenu(page: Page): Promise<void> {
  const button = page.locator('header button[data-nav-menu]');
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test('header, logged in with a 20-character nickname on the paid plan: the plan and its whole expiry date fit 1024–1920 px in every language', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const user = await createUser(page.request);
  const login = await data<{ access_token: string }>(
    await page.request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } }),
  );
  const headers = { authorization: login.access_token };
  const nickname = `W${'M'.repeat(11)}Q${'O'.repeat(7)}`;
  expect(nickname).toHaveLength(20);
  await data(await request.post(`${apiBase}/user/updateProfile`, { headers, data: { nickname } }));
  const me = await data<{ id: string }>(await request.get(`${apiBase}/user/info`, { headers }));
  await buyInSandbox(context, request, { token: login.access_token, id: me.id, username: user.username }, 'MEMBER_YEAR');
  const level = await data<{ expiresAt: string }>(await request.get(`${apiBase}/user/currentMemberLevel`, { headers }));

  const problems: string[] = [];
  for (const locale of locales) {
    await useLocale(context, locale);
    await page.goto(localePath(locale, '/notice'));
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const iso = localeEntries[locale].iso;
    const until = new Date(level.expiresAt);
    const medium = new Intl.DateTimeFormat(iso, { dateStyle: 'medium', timeZone: zone }).format(until);
    const numeric = new Intl.DateTimeFormat(iso, { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: zone }).format(until);
    // four-digit years in every language (ADR 0034): never es "2/12/27"
    expect(medium).toContain(String(until.getUTCFullYear()));
    expect(numeric).toContain(String(until.getUTCFullYear()));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const checks: [string, Locator, string][] = [];
      if (width >= NAV_BREAKPOINT) {
        await expect(page.locator('header [data-account-name]')).toHaveText(nickname);
        checks.push(['bar', page.locator('header [data-plan-line]'), medium]);
      } else {
        checks.push(['chip', page.locator('header [data-plan-chip]'), numeric]);
      }
      for (const [where, element, date] of checks) {
        await expect(element, `${locale} ${width} ${where}`).toBeVisible();
        const fit = await fitOf(element);
        if (!fit.shown.includes(date) || fit.cut || fit.hidden)
          problems.push(`${locale} ${width} ${where}: ${JSON.stringify(fit)} (date ${date})`);
      }
      if (width < NAV_BREAKPOINT) {
        await openMenu(page);
        const line = page.locator('header [data-plan-line]');
        await expect(page.locator('header [data-account-name]')).toHaveText(nickname);
        const fit = await fitOf(line);
        if (!fit.shown.includes(medium) || fit.cut || fit.hidden)
          problems.push(`${locale} ${width} menu: ${JSON.stringify(fit)} (date ${medium})`);
        await page.locator('header button[data-nav-menu]').click();
      }
      if (process.env.E2E_SHOTS && width === 1280 && ['zh-CN', 'fr', 'es', 'ja'].includes(locale)) {
        await page.screenshot({ path: `/tmp/shots/h1-1-${locale}-${width}.png`, clip: { x: 0, y: 0, width, height: 120 } });
      }
    }
    // and the rest of the bar still fits beside the longer line: no control cut or pushed out,
    // from the nav breakpoint (1152 px), where the bar is fullest, on
    for (const fit of await misfits(page, [NAV_BREAKPOINT, 1180, 1280]))
      problems.push(`${locale} ${fit.width} bar: ${JSON.stringify(fit)}`);
  }
  expect(problems).toEqual([]);

  if (process.env.E2E_SHOTS) {
    // and the phone's header (390 px, a phone's user agent), which already showed it
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    });
    const phonePage = await phone.newPage();
    await data(
      await phonePage.request.post('/api/h5Login', { data: { loginType: 'account', account: user.username, password: PASSWORD } }),
    );
    for (const locale of ['zh-CN', 'es'] as const) {
      await useLocale(phone, locale);
      await phonePage.goto(localePath(locale, '/notice'));
      await expect(phonePage.locator('header [data-plan-chip]')).toBeVisible();
      await phonePage.screenshot({ path: `/tmp/shots/h1-1-${locale}-390.png`, clip: { x: 0, y: 0, width: 390, height: 120 } });
    }
    await phone.close();
  }
});
