import { locales, type TAdminNotice } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import content from '../../../../../messages-admin/en/content.json';
import notices from '../../../../../messages-admin/en/notices.json';
import zhContent from '../../../../../messages-admin/zh-CN/content.json';
import zhNotices from '../../../../../messages-admin/zh-CN/notices.json';
import { fakeApi, type FakeApi } from '../../../../../test/support/fake-api';
import { languageNames } from '@/features/admin/content/language-names';
import { ContentScreen } from './content-screen';
import { NoticesScreen } from './notices-screen';

// The news and notice editors name the languages a save would leave out: every language not
// complete (a title alone is not a translation), those begun and so about to be lost, and
// Simplified Chinese while it blocks the save; the save sends the complete languages only.

const names = languageNames();

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const withIntl = (ui: React.ReactNode, locale: 'en' | 'zh-CN' = 'en') =>
  render(
    <NextIntlClientProvider
      locale={locale}
      messages={locale === 'en' ? { ...content, ...notices } : { ...zhContent, ...zhNotices }}
      timeZone="Asia/Shanghai"
    >
      {ui}
    </NextIntlClientProvider>,
  );

function write(tab: string, fields: Record<string, string>) {
  fireEvent.click(screen.getByRole('tab', { name: new RegExp(`^${tab}`) }));
  for (const [label, text] of Object.entries(fields)) fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
}

const warning = () => Array.from(screen.getByTestId('missing-languages').querySelectorAll('p'), (line) => line.textContent);
const SAVED_ONLY =
  'A language is saved only when all its fields are filled in; visitors in the others see the English text (else Chinese).';

describe('the news editor’s missing-language warning', () => {
  it('names every language not complete — English with only a title too — and the begun ones a save drops', async () => {
    withIntl(<ContentScreen initial={{ items: [], next: null }} languageNames={names} />);
    fireEvent.click(screen.getByTestId('content-new'));
    expect(warning()).toEqual([
      `Not complete in: 简体中文, English, 繁體中文, Español, Français, 日本語, and 한국어. ${SAVED_ONLY}`,
      '简体中文 must be complete before saving: it is every page’s last fallback.',
    ]);
    expect((screen.getByTestId('content-save') as HTMLButtonElement).disabled).toBe(true);

    write('简体中文', { Title: '新版本发布', Summary: '摘要', 'Body (Markdown)': '正文' });
    write('English', { Title: 'New version out' });
    expect(warning()).toEqual([
      `Not complete in: English, 繁體中文, Español, Français, 日本語, and 한국어. ${SAVED_ONLY}`,
      'Started but not complete, so not saved: English.',
    ]);
    // the tabs mark the same languages
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '简体中文',
      ...locales.slice(1).map((locale) => `${names[locale]} • (not complete)`),
    ]);

    api.reply('POST /admin/api/news', (call) => ({
      data: { id: '01JNEWS', published: false, url: '/info-9', missingLocales: [], ...(call.body as object) },
    }));
    fireEvent.click(screen.getByTestId('content-save'));
    await vi.waitFor(() => expect(api.toasts.success).toHaveBeenCalledWith('Saved.'));
    expect((api.callsTo('POST /admin/api/news')[0]?.body as { translations: object }).translations).toEqual({
      'zh-CN': { title: '新版本发布', summary: '摘要', body: '正文' },
    });
  });
});

const notice: TAdminNotice = {
  id: '01JNOTICE',
  slug: 'maintenance-2026-03',
  pinned: false,
  published: false,
  publishAt: '2026-03-01T00:00:00.000Z',
  expiresAt: null,
  origin: 'staff',
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  translations: { 'zh-CN': { title: '维护通知', body: '今晚维护。' }, en: { title: 'Maintenance', body: 'Tonight.' } },
  missingLocales: ['zh-tw', 'es', 'fr', 'ja', 'ko'],
  url: '/notice#maintenance-2026-03',
};

describe('the notice editor', () => {
  it('lists exactly the five languages not written, saves the two that are and publishes the notice', async () => {
    withIntl(<NoticesScreen initial={{ items: [], next: null }} languageNames={names} />);
    fireEvent.click(screen.getByTestId('notice-new'));
    write('简体中文', { Title: '维护通知', 'Body (Markdown)': '今晚维护。' });
    write('English', { Title: 'Maintenance', 'Body (Markdown)': 'Tonight.' });
    expect(warning()).toEqual([`Not complete in: 繁體中文, Español, Français, 日本語, and 한국어. ${SAVED_ONLY}`]);

    api.reply('POST /admin/api/notices', { data: notice });
    fireEvent.click(screen.getByTestId('notice-save'));
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Edit notice maintenance-2026-03' })).toBeTruthy());
    expect(api.callsTo('POST /admin/api/notices')[0]?.body).toEqual({
      pinned: false,
      publishAt: expect.stringMatching(/Z$/) as unknown,
      expiresAt: null,
      translations: notice.translations,
    });

    api.reply('POST /admin/api/notices/01JNOTICE/publish', {
      data: { item: { ...notice, published: true }, publication: { revalidated: ['/notice'], revalidateOk: true } },
    });
    fireEvent.click(within(screen.getByTestId('notice-editor')).getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(api.toasts.success).toHaveBeenCalledWith('Published.'));
    expect(within(screen.getByTestId('notice-editor')).getByRole('button', { name: 'Unpublish' })).toBeTruthy();
  });

  it('words the warning in Chinese for Chinese-speaking staff', () => {
    withIntl(<NoticesScreen initial={{ items: [], next: null }} languageNames={names} />, 'zh-CN');
    fireEvent.click(screen.getByTestId('notice-new'));
    expect(warning()).toEqual([
      '以下语言尚未填写完整：简体中文、English、繁體中文、Español、Français、日本語和한국어。每种语言须填好所有栏目才会保存，其他语言的访客将看到英文（否则中文）。',
      '须先将简体中文填写完整才能保存：它是所有页面最后的备选语言。',
    ]);
  });

  it('shows the API’s error and keeps the editor as it was', async () => {
    withIntl(<NoticesScreen initial={{ items: [notice], next: null }} languageNames={names} />);
    fireEvent.click(within(screen.getByTestId('notice-list')).getByRole('button', { name: 'Maintenance' }));
    api.reply('PUT /admin/api/notices/01JNOTICE', {
      data: null,
      errcode: 10001,
      errmsg: 'expiresAt: must be after publishAt',
      status: 400,
    });
    fireEvent.click(screen.getByTestId('notice-save'));
    await vi.waitFor(() => expect(api.toasts.error).toHaveBeenCalledWith('expiresAt: must be after publishAt'));
    expect(screen.getByTestId('notice-editor')).toBeTruthy();
    expect(api.toasts.success).not.toHaveBeenCalled();
  });
});
