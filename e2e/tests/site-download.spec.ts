import { expect, test, type APIRequestContext } from '@playwright/test';

// The download and release-notes pages are static and regenerated from the API (ISR). A build
// made without the API serves its fallback once and regenerates in the background, so wait for
// the page with release data first.
async function waitForReleaseData(request: APIRequestContext, path: string, locale = 'en') {
  const headers = { cookie: `llk-lang=${locale}` };
  await expect
    .poll(
      async () =>
        (await (await request.get(path, { headers, maxRedirects: 0 })).text()).match(
          /<code[^>]*>[0-9a-f]{64}<\/code>|<time[^>]*>[^<]+<\/time>/,
        )?.[0] ?? '',
      {
        timeout: 30_000,
        intervals: [500, 1000, 2000],
      },
    )
    .not.toBe('');
}

const agents = {
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  wechat:
    'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
};

test.describe('download page', () => {
  test.beforeEach(async ({ request }) => {
    await waitForReleaseData(request, '/en/download');
  });

  for (const [agent, platform, title, href] of [
    ['windows', 'windows', 'Recommended for your Windows PC', /win-x64-setup\.exe$/],
    ['mac', 'macos', 'Recommended for your Mac', /\.dmg$/],
    ['android', 'android', 'Recommended for your Android phone', /\.apk$/],
    ['iphone', 'ios', 'Recommended for your iPhone', /^https:\/\/apps\.apple\.com\//],
    ['linux', 'linux', 'Recommended for your Linux computer', /\.deb$/],
    ['ipad', 'ios', 'Recommended for your iPad', /^https:\/\/apps\.apple\.com\//],
  ] as const) {
    test(`offers ${platform} first to a ${agent} visitor`, async ({ browser }) => {
      const context = await browser.newContext({ userAgent: agents[agent] });
      const page = await context.newPage();
      await page.goto('/en/download');
      const advisor = page.getByTestId('download-advisor');
      await expect(advisor).toHaveAttribute('data-platform', platform);
      await expect(advisor.getByText(title)).toBeVisible();
      const offer = advisor.getByRole('link').first();
      await expect(offer).toHaveAttribute('href', href);
      await expect(advisor.getByRole('link', { name: 'Other versions' })).toHaveAttribute('href', `#${platform}`);
      await expect(advisor.getByRole('note')).toHaveCount(0);
      await context.close();
    });
  }

  test('offers iPadOS to an iPad that presents itself as a Mac (desktop-class Safari with touch)', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: agents.mac });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5 }));
    const page = await context.newPage();
    await page.goto('/en/download');
    const advisor = page.getByTestId('download-advisor');
    await expect(advisor).toHaveAttribute('data-platform', 'ios');
    await expect(advisor.getByText('Recommended for your iPad')).toBeVisible();
    await context.close();
  });

  // the visitor's platform first, then by share (Windows, macOS, Android, iOS, Linux)
  for (const [agent, order] of [
    ['windows', ['Windows', 'macOS', 'Android', 'iOS & iPadOS', 'Linux']],
    ['mac', ['macOS', 'Windows', 'Android', 'iOS & iPadOS', 'Linux']],
    ['android', ['Android', 'Windows', 'macOS', 'iOS & iPadOS', 'Linux']],
    ['iphone', ['iOS & iPadOS', 'Windows', 'macOS', 'Android', 'Linux']],
    ['linux', ['Linux', 'Windows', 'macOS', 'Android', 'iOS & iPadOS']],
  ] as const) {
    test(`lists the platform cards for a ${agent} visitor with theirs first, then by share`, async ({ browser }) => {
      const context = await browser.newContext({ userAgent: agents[agent] });
      const page = await context.newPage();
      await page.goto('/en/download');
      await expect(page.locator('article h3')).toHaveText([...order]);
      // in the document, not only on screen: the first card is also the first one tabbed to
      const tops = await page.locator('article').evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
      expect(tops[0]).toBeLessThanOrEqual(Math.min(...tops));
      await context.close();
    });
  }

  test('without JavaScript lists the platforms by share, Windows first', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, userAgent: agents.android });
    const page = await context.newPage();
    await page.goto('/en/download');
    await expect(page.locator('article h3')).toHaveText(['Windows', 'macOS', 'Android', 'iOS & iPadOS', 'Linux']);
    await context.close();
  });

  test('lists every platform with versions, chips, sizes and checksums, and device buttons', async ({ page }) => {
    await page.goto('/en/download');
    const names = page.locator('article h3');
    await expect(names).toHaveCount(5);
    const windows = page.locator('article#windows');
    await expect(windows.getByText('x86-64 (Intel/AMD) · EXE')).toBeVisible();
    await expect(windows.getByText('ARM64 · EXE')).toBeVisible();
    // the MSIs and RPMs the batch-deployment guide sends administrators to, for both chips
    await expect(windows.getByText('ARM64 · MSI')).toBeVisible();
    await expect(page.locator('article#linux').getByText('ARM64 · RPM')).toBeVisible();
    await expect(windows.getByText(/^Size: \d+(\.\d)? MB$/).first()).toBeVisible();
    await expect(windows.locator('code').first()).toHaveText(/^[0-9a-f]{64}$/);
    await expect(page.locator('article#macos').getByText('Apple silicon · DMG')).toBeVisible();
    await expect(page.locator('article#android').getByRole('link', { name: 'Android phone' })).toHaveAttribute('href', /\.apk$/);
    await expect(page.locator('article#android').getByRole('link', { name: 'Android tablet' })).toHaveAttribute('href', /\.apk$/);
    await expect(page.locator('article#ios').getByRole('link', { name: 'iPhone' })).toHaveAttribute('href', /apps\.apple\.com/);
    await expect(page.locator('article#ios').getByRole('link', { name: 'iPad' })).toHaveAttribute('href', /apps\.apple\.com/);
  });

  test('at 360 px every file’s Download button keeps one place, at the right of its row', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto('/en/download');
    const rows = page.locator('article#windows [data-testid="package-row"]');
    await expect(rows).toHaveCount(4);
    const places = await rows.evaluateAll((list) =>
      list.map((row) => {
        const box = row.getBoundingClientRect();
        const button = row.querySelector('a')!.getBoundingClientRect();
        return {
          right: Math.round(box.right - button.right),
          beside: button.top < box.bottom - button.height / 2 && button.left > box.left + box.width / 2,
        };
      }),
    );
    // the long "x86-64 (Intel/AMD) · EXE" wraps in its column; its button stays beside it
    expect(places.map((place) => place.beside)).toEqual([true, true, true, true]);
    expect(new Set(places.map((place) => place.right)).size).toBe(1);
    await context.close();
  });

  test('has a QR code of the mobile download page and the changelog with its date', async ({ page, baseURL }) => {
    await page.goto('/en/download');
    const qr = page.getByRole('img', { name: /^QR code of / });
    await expect(qr).toHaveAttribute('data-qr-value', `${baseURL}/en/download`);
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    await expect(page.getByText('Last updated:')).toBeVisible();
    const entry = page.locator('section[aria-labelledby="download-updates"] details').first();
    await expect(entry).toBeVisible();
    // our own chevron, turned when open, instead of the browser's triangle
    const chevron = entry.locator('summary > svg');
    await expect(chevron).toBeVisible();
    expect(await entry.locator('summary').evaluate((summary) => getComputedStyle(summary).display)).toBe('flex');
    await entry.locator('summary').click();
    await expect(entry).toHaveAttribute('open', '');
    // the turn is a transition: polled until it has ended (a read mid-way saw 150.7deg)
    await expect.poll(() => chevron.evaluate((svg) => getComputedStyle(svg).rotate)).toBe('180deg');
    await page.getByRole('link', { name: 'Read the release notes' }).click();
    await expect(page).toHaveURL(/\/en\/log$/);
  });

  test('the QR code and its address are for a computer with a mouse, never for a phone upright or sideways', async ({
    browser,
    baseURL,
  }) => {
    const address = `${baseURL}/en/download`;
    // a phone held upright and the same phone sideways (wider than `sm`): touch, no hover
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 844, height: 390 },
    ]) {
      const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true, userAgent: agents.android });
      const page = await context.newPage();
      await page.goto('/en/download');
      await expect(page.getByTestId('download-advisor')).toHaveAttribute('data-platform', 'android');
      const band = page.getByTestId('download-mobile');
      await expect(band.locator('svg[data-qr-value]'), `${viewport.width}×${viewport.height}`).toHaveAttribute('data-qr-value', address);
      await expect(band, `${viewport.width}×${viewport.height}`).toBeHidden();
      await expect(page.getByRole('heading', { name: 'On your phone or tablet' })).toHaveCount(0);
      await expect(page.getByText(address, { exact: true })).toBeHidden();
      await context.close();
    }
    // a computer at 1280 px with a mouse: the code and the address it encodes, printed under the public origin
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/en/download');
    await expect(page.getByRole('heading', { name: 'On your phone or tablet' })).toBeVisible();
    await expect(page.getByRole('img', { name: `QR code of ${address}` })).toBeVisible();
    await expect(page.getByText(address, { exact: true })).toBeVisible();
    await context.close();
  });

  test('inside an in-app browser, hints to open the page in the system browser', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: agents.wechat });
    const page = await context.newPage();
    await page.goto('/en/download');
    const advisor = page.getByTestId('download-advisor');
    await expect(advisor.getByRole('note')).toContainText('Open in browser');
    await expect(advisor).toHaveAttribute('data-platform', 'android');
    await context.close();
  });

  test('is in Chinese with Chinese sizes and dates on the unprefixed URL', async ({ page, context, request }) => {
    await waitForReleaseData(request, '/download', 'zh-CN');
    await context.addCookies([{ name: 'llk-lang', value: 'zh-CN', url: 'http://127.0.0.1' }]);
    await page.goto('/download');
    await expect(page.locator('article#windows').getByText('发布日期')).toBeVisible();
    await expect(page.locator('article#windows time')).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);
  });
});

test('the release notes list every platform, newest first', async ({ page, request }) => {
  await waitForReleaseData(request, '/en/log');
  await page.goto('/en/log');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Android',
    'Windows',
    'iOS',
    'iPadOS',
    'macOS',
    'Linux',
  ]);
  const windows = page.locator('section[aria-labelledby="log-win"]');
  const versions = await windows.getByRole('heading', { level: 3 }).allTextContents();
  expect(versions.length).toBeGreaterThan(1);
  const dates = await windows.locator('h3 time').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
  expect([...dates].sort().reverse()).toEqual(dates);
  await expect(windows.locator('li li').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Platforms' }).getByRole('link', { name: 'macOS' }).click();
  await expect(page).toHaveURL(/#log-mac$/);
});
