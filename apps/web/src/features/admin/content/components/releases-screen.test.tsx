import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import content from '../../../../../messages-admin/en/content.json';
import releases from '../../../../../messages-admin/en/releases.json';
import { fakeApi, type FakeApi } from '../../../../../test/support/fake-api';
import { languageNames } from '@/features/admin/content/language-names';
import { ReleasesScreen } from './releases-screen';

// A release's packages get their size and SHA-256 from the API — fetched from the URL or from an
// uploaded file — never typed; what the API answers is what the release is saved with.

const names = languageNames();
const SHA = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);
const URL_OF_FILE = 'https://download.llk.example/llk/win/LLK-3.6.0-x64.exe';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function newRelease() {
  render(
    <NextIntlClientProvider locale="en" messages={{ ...content, ...releases }} timeZone="Asia/Shanghai">
      <ReleasesScreen initial={{ items: [], next: null }} languageNames={names} />
    </NextIntlClientProvider>,
  );
  fireEvent.click(screen.getByTestId('release-new'));
  fireEvent.click(screen.getByRole('button', { name: 'Add a package' }));
}

describe('a release package row', () => {
  it('fills its size and SHA-256 from the checksum of its URL, and the release is saved with them', async () => {
    api.reply('POST /admin/api/releases/checksum', { data: { sizeBytes: 73_400_320, sha256: SHA } });
    newRelease();
    expect(screen.getByTestId('package-sha256').textContent).toBe('Not computed yet: compute it from the URL or upload the file.');
    const compute = screen.getByRole('button', { name: 'Compute from URL' }) as HTMLButtonElement;
    expect(compute.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('File URL'), { target: { value: URL_OF_FILE } });
    fireEvent.click(compute);
    await vi.waitFor(() => expect(screen.getByTestId('package-sha256').textContent).toBe(SHA));
    expect(screen.getByTestId('package-size').textContent).toBe('73,400,320 bytes');
    expect(api.callsTo('POST /admin/api/releases/checksum').map((call) => call.body)).toEqual([{ url: URL_OF_FILE }]);

    // a URL changed afterwards is said to need computing again
    fireEvent.change(screen.getByLabelText('File URL'), { target: { value: `${URL_OF_FILE}?v=2` } });
    expect(screen.getByText('The URL has changed since this was computed: compute it again.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('File URL'), { target: { value: URL_OF_FILE } });

    api.reply('POST /admin/api/releases', (call) => ({
      data: {
        id: '01JRELEASE',
        published: false,
        missingLocales: [],
        createdAt: '2026-03-01T00:00:00.000Z',
        origin: 'staff',
        ...(call.body as object),
      },
    }));
    fireEvent.change(screen.getByLabelText('Version'), { target: { value: '3.6.0' } });
    fireEvent.change(screen.getByLabelText('Minimum OS'), { target: { value: 'Windows 10 1809' } });
    fireEvent.click(screen.getByRole('tab', { name: /^English/ }));
    fireEvent.change(screen.getByLabelText('Changelog (Markdown)'), { target: { value: '- Faster' } });
    fireEvent.click(screen.getByTestId('release-save'));
    await vi.waitFor(() => expect(api.toasts.success).toHaveBeenCalledWith('Saved.'));
    expect(api.callsTo('POST /admin/api/releases')[0]?.body).toMatchObject({
      platform: 'WIN',
      version: '3.6.0',
      minOs: 'Windows 10 1809',
      storeUrl: null,
      packages: [{ chipType: 'X86', format: 'exe', url: URL_OF_FILE, sizeBytes: 73_400_320, sha256: SHA }],
      notes: { en: '- Faster' },
    });
  });

  it('fills them from an uploaded file', async () => {
    api.reply('POST /admin/api/releases/checksum/upload', { data: { sizeBytes: 5, sha256: SHA } });
    newRelease();
    fireEvent.change(screen.getByTestId('package-file'), { target: { files: [new File(['hello'], 'LLK-3.6.0-x64.exe')] } });
    await vi.waitFor(() => expect(screen.getByTestId('package-sha256').textContent).toBe(SHA));
    expect(screen.getByTestId('package-size').textContent).toBe('5 bytes');
    expect(screen.getByText('Computed from the file LLK-3.6.0-x64.exe.')).toBeTruthy();
    expect(api.callsTo('POST /admin/api/releases/checksum/upload')).toHaveLength(1);
  });

  it('shows the API’s refusal and leaves the row without a hash', async () => {
    api.reply('POST /admin/api/releases/checksum', {
      data: null,
      errcode: 80213,
      errmsg: 'The file must be on a public address.',
      status: 422,
    });
    newRelease();
    fireEvent.change(screen.getByLabelText('File URL'), { target: { value: 'http://10.1.2.3/llk.exe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Compute from URL' }));
    await vi.waitFor(() => expect(api.toasts.error).toHaveBeenCalledWith('The file must be on a public address.'));
    expect(screen.getByTestId('package-size').textContent).toBe('—');
    expect((screen.getByRole('button', { name: 'Compute from URL' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
