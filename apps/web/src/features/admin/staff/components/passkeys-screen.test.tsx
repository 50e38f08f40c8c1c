import type { TPasskey } from '@llk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../../messages-admin/en/passkeys.json';
import { fakeApi, type FakeApi } from '../../../../../test/support/fake-api';
import { PasskeysScreen } from './passkeys-screen';

const key: TPasskey = {
  id: 'pk1',
  name: 'YubiKey 5C',
  createdAt: '2026-11-20T02:00:00.000Z',
  lastUsedAt: null,
  deviceType: 'singleDevice',
  backedUp: false,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const screenOf = (initial: TPasskey[]) =>
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Shanghai">
      <PasskeysScreen initial={initial} />
    </NextIntlClientProvider>,
  );

describe('PasskeysScreen', () => {
  it('lists the member’s passkeys and removes one after a confirmation', async () => {
    api.reply('POST /admin/api/me/passkeys/remove', { data: null });
    screenOf([key]);
    expect(screen.getByTestId('admin-passkeys').textContent).toContain('YubiKey 5C');
    expect(screen.getByTestId('admin-passkeys').textContent).toContain('never used');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('heading', { name: 'Remove the passkey “YubiKey 5C”?' })).toBeTruthy();
    expect(api.calls).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await vi.waitFor(() => expect(api.toasts.success).toHaveBeenCalledWith('Passkey removed.'));
    expect(api.callsTo('POST /admin/api/me/passkeys/remove').map((call) => call.body)).toEqual([{ id: 'pk1' }]);
    expect(screen.getByText('You have no passkey yet.')).toBeTruthy();
  });

  it('says so when the browser cannot create a passkey, and adds nothing', async () => {
    api.reply('POST /admin/api/me/passkeys/registerOptions', {
      data: {
        options: {
          challenge: 'c',
          rp: { id: 'localhost', name: 'LLK' },
          user: { id: 'u', name: 'n', displayName: 'n' },
          pubKeyCredParams: [],
        },
      },
    });
    screenOf([]);
    fireEvent.change(screen.getByLabelText('Name of the new passkey'), { target: { value: 'Laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await vi.waitFor(() => expect(api.toasts.error).toHaveBeenCalledWith('This browser cannot create passkeys here.'));
    expect(api.callsTo('POST /admin/api/me/passkeys/register')).toEqual([]);
  });
});
