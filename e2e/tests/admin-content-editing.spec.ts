import { createHash, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { localeEntries, type TLocale } from '@llk/contracts';
import { expect, test, type Page } from '@playwright/test';
import { whenHydrated } from '../support/accounts';
import { adminTexts, signedInStaff } from '../support/admin';

// The back office's notice and release editors, as a CONTENT member: a notice written
// in zh-CN and en is saved with the warning naming the five languages left, published, and read
// on /notice at once (the API asks the web to revalidate); a release whose package's size and
// SHA-256 the API computes from the file's URL is published and listed on /download.
//
// The API fetches that file from the web under test (its favicon), on 127.0.0.1: it must be
// started with RELEASE_FETCH_PRIVATE_HOSTS=127.0.0.1, or it refuses a loopback host.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const word = () => Array.from(randomBytes(8), (byte) => LETTERS[byte % 26]).join('');

/** Staff texts of a file that adminTexts does not read (en). */
function screenTexts<T>(file: string, namespace: string): T {
  const tree = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../apps/web/messages-admin/en', `${file}.json`), 'utf8'),
  ) as Record<string, T>;
  return tree[namespace]!;
}
const e = adminTexts('en').AdminEditor!;
const n = screenTexts<Record<string, string>>('notices', 'AdminNotices');
const r = screenTexts<Record<string, string> & { platforms: Record<string, string> }>('releases', 'AdminReleases');

/** The first line of the editor's warning for these incomplete languages, as next-intl lists them in English. */
const missingLine = (locales: TLocale[]) =>
  e.missing!.replace(
    '{languages}',
    new Intl.ListFormat('en', { type: 'conjunction' }).format(locales.map((locale) => localeEntries[locale].name)),
  );

async function write(page: Page, locale: TLocale, fields: Record<string, string>) {
  await page.getByRole('tab', { name: localeEntries[locale].name }).click();
  for (const [label, text] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(text);
}

/** Reloads `pagePath` until it shows `text` (the web regenerates the page once the API has asked it to). */
async function expectOnPage(page: Page, pagePath: string, text: string | RegExp) {
  await expect
    .poll(
      async () => {
        await page.goto(pagePath);
        return page.getByText(text, { exact: true }).count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

test(
  'CONTENT writes a notice in two languages, is told which five are missing, and publishes it to /notice',
  { tag: '@writes' },
  async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signedInStaff(page, baseURL ?? '', 'CONTENT');
    const stamp = word();
    const titles = { 'zh-CN': `系统维护通知 ${stamp}`, en: `Scheduled maintenance ${stamp}` };

    await page.goto('/admin/notices');
    await (await whenHydrated(page.getByTestId('notice-new'))).click();
    const editor = page.getByTestId('notice-editor');
    await write(page, 'zh-CN', { [n.titleLabel!]: titles['zh-CN'], [n.bodyLabel!]: `今晚 23:00 至 24:00 维护，期间无法连接。${stamp}` });
    await write(page, 'en', { [n.titleLabel!]: titles.en, [n.bodyLabel!]: `Maintenance tonight from 23:00 to 24:00. ${stamp}` });
    await expect(page.getByTestId('missing-languages').locator('p')).toHaveText([missingLine(['zh-tw', 'es', 'fr', 'ja', 'ko'])]);

    const [created] = await Promise.all([
      page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/admin/api/notices' && response.request().method() === 'POST',
      ),
      page.getByTestId('notice-save').click(),
    ]);
    expect(((await created.json()) as { data: { missingLocales: string[] } }).data.missingLocales).toEqual([
      'zh-tw',
      'es',
      'fr',
      'ja',
      'ko',
    ]);
    const [published] = await Promise.all([
      page.waitForResponse((response) => /^\/admin\/api\/notices\/[^/]+\/publish$/.test(new URL(response.url()).pathname)),
      editor.getByRole('button', { name: e.publish!, exact: true }).click(),
    ]);
    expect(((await published.json()) as { data: { publication: unknown } }).data.publication).toEqual({
      revalidated: ['/notice'],
      revalidateOk: true,
    });
    await expect(editor.getByRole('button', { name: e.unpublish!, exact: true })).toBeVisible();

    // visitors read it in their language; a language not written falls back to English
    const visitor = await browser.newPage();
    await expectOnPage(visitor, '/en/notice', titles.en);
    await expectOnPage(visitor, '/ja/notice', titles.en);
    await visitor.context().addCookies([{ name: 'llk-lang', value: 'zh-CN', url: baseURL ?? '' }]);
    await expectOnPage(visitor, '/notice', titles['zh-CN']);
    await Promise.all([context.close(), visitor.close()]);
  },
);

test(
  'CONTENT adds a release whose package the API hashes from its URL, publishes it and finds it on /download',
  { tag: '@writes' },
  async ({ browser, baseURL, request }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const context = await browser.newContext();
    const page = await context.newPage();
    await signedInStaff(page, base, 'CONTENT');
    // below every seeded version, so the Linux card keeps its current release (other journeys
    // check its packages) while the update log, newest release date first, lists this one
    const version = `0.${randomInt(1, 1000)}.${randomInt(0, 1000)}`;
    const fileUrl = `${base}/favicon.ico`;
    const file = await (await request.get(fileUrl)).body();
    const sha256 = createHash('sha256').update(file).digest('hex');

    await page.goto('/admin/releases');
    await (await whenHydrated(page.getByTestId('release-new'))).click();
    const editor = page.getByTestId('release-editor');
    await page.getByLabel(r.platform!, { exact: true }).selectOption('LINUX');
    await page.getByLabel(r.version!, { exact: true }).fill(version);
    await page.getByLabel(r.minOs!, { exact: true }).fill('Ubuntu 22.04');
    await page.getByRole('button', { name: r.addPackage! }).click();
    const row = page.getByTestId('release-package');
    await row.getByLabel(r.url!, { exact: true }).fill(fileUrl);
    await row.getByRole('button', { name: r.computeFromUrl! }).click();
    await expect(row.getByTestId('package-sha256')).toHaveText(sha256);
    await expect(row.getByTestId('package-size')).toHaveText(r.bytes!.replace('{size}', new Intl.NumberFormat('en').format(file.length)));
    await write(page, 'zh-CN', { [r.notesLabel!]: '- 修复了若干问题' });
    await write(page, 'en', { [r.notesLabel!]: '- Fixes' });
    await expect(page.getByTestId('missing-languages').locator('p')).toHaveText([missingLine(['zh-tw', 'es', 'fr', 'ja', 'ko'])]);

    const [created] = await Promise.all([
      page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/admin/api/releases' && response.request().method() === 'POST',
      ),
      page.getByTestId('release-save').click(),
    ]);
    expect(((await created.json()) as { data: { packages: unknown[] } }).data.packages).toEqual([
      { chipType: 'X86', format: 'deb', url: fileUrl, sizeBytes: file.length, sha256 },
    ]);
    const [published] = await Promise.all([
      page.waitForResponse((response) => /^\/admin\/api\/releases\/[^/]+\/publish$/.test(new URL(response.url()).pathname)),
      editor.getByRole('button', { name: e.publish!, exact: true }).click(),
    ]);
    expect(((await published.json()) as { data: { publication: { revalidateOk: boolean } } }).data.publication.revalidateOk).toBe(true);
    await expect(editor.getByRole('button', { name: e.unpublish!, exact: true })).toBeVisible();

    // the list shows it published
    await editor.getByRole('button', { name: e.back! }).click();
    await expect(
      page
        .getByTestId('release-list')
        .getByRole('listitem')
        .filter({ hasText: `${r.platforms.LINUX} ${version}` })
        .first(),
    ).toContainText(r.published!);

    const visitor = await browser.newPage();
    // the update log's entry: "Linux 0.12.3 · <date>"
    await expectOnPage(visitor, '/en/download', new RegExp(`^Linux ${version.replaceAll('.', '\\.')} · `));
    await Promise.all([context.close(), visitor.close()]);
  },
);
