import { getContractMessages, type TPasskey } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/account-passkeys.json';
import type { TPasskeysTexts } from '../texts';
import { CeremonyError } from '../webauthn';

const calls = vi.hoisted(() => ({
  listPasskeys: vi.fn(),
  addPasskey: vi.fn(),
  renamePasskey: vi.fn(),
  removePasskey: vi.fn(),
  logInWithPasskey: vi.fn(),
}));
vi.mock('../passkeys-api', () => calls);
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

import PasskeysPanel, { nameError } from './passkeys-panel';
import { stubDialogs } from '../../../../test/support/dialog';

const texts: TPasskeysTexts = {
  panel: en.PasskeysPanel,
  validation: getContractMessages('en').validation as Record<string, string>,
  network: 'Network error',
};
const laptop: TPasskey = {
  id: 'p1',
  name: 'Work laptop',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: null,
  deviceType: 'multiDevice',
  backedUp: true,
};
const key: TPasskey = {
  id: 'p2',
  name: 'YubiKey',
  createdAt: '2026-11-21T08:00:00.000Z',
  lastUsedAt: '2026-11-22T09:30:00.000Z',
  deviceType: 'singleDevice',
  backedUp: false,
};

function renderPanel(max = 20) {
  return render(<PasskeysPanel texts={texts} tag="en" nameMax={64} maxPasskeys={max} />);
}

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
  for (const fn of Object.values(toasts)) fn.mockReset();
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  stubDialogs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('nameError', () => {
  it('follows the API rule: trimmed, 1 to max characters', () => {
    expect(nameError('   ', 64)).toBe('required');
    expect(nameError(' a ', 1)).toBeNull();
    expect(nameError('ab', 1)).toBe('tooLong');
  });
});

describe('PasskeysPanel', () => {
  it('lists passkeys with their kind and last use', async () => {
    calls.listPasskeys.mockResolvedValue([laptop, key]);
    renderPanel();
    const items = await screen.findAllByTestId('passkey');
    expect(items.map((item) => within(item).getByTestId('passkey-name').textContent)).toEqual(['Work laptop', 'YubiKey']);
    expect(within(items[0]!).getByTestId('passkey-kind').textContent).toBe('Synced');
    expect(within(items[0]!).getByTestId('passkey-last-used').textContent).toBe('Not used yet');
    expect(within(items[1]!).getByTestId('passkey-kind').textContent).toBe('On one device');
    expect(within(items[1]!).getByTestId('passkey-last-used').textContent).toMatch(/^Last used .*2026/);
  });

  it('asks for a name before adding, then adds the passkey to the list', async () => {
    calls.listPasskeys.mockResolvedValue([]);
    calls.addPasskey.mockResolvedValue(laptop);
    renderPanel();
    await screen.findByTestId('passkeys-empty');
    fireEvent.submit(screen.getByTestId('passkey-add'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls.addPasskey).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Passkey name'), { target: { value: '  Work laptop ' } });
    fireEvent.submit(screen.getByTestId('passkey-add'));
    expect(await screen.findByTestId('passkey')).toBeTruthy();
    expect(calls.addPasskey).toHaveBeenCalledWith('Work laptop', 'Network error');
    expect(toasts.success).toHaveBeenCalledWith('Passkey added');
  });

  it('says so when the user cancels the browser prompt, and when the browser has no WebAuthn', async () => {
    calls.listPasskeys.mockResolvedValue([]);
    calls.addPasskey.mockRejectedValue(new CeremonyError('cancelled'));
    renderPanel();
    await screen.findByTestId('passkeys-empty');
    fireEvent.change(screen.getByLabelText('Passkey name'), { target: { value: 'Phone' } });
    fireEvent.submit(screen.getByTestId('passkey-add'));
    expect((await screen.findByTestId('passkeys-note')).textContent).toBe(en.PasskeysPanel.cancelled);
    cleanup();

    vi.stubGlobal('PublicKeyCredential', undefined);
    renderPanel();
    expect((await screen.findByTestId('passkeys-unsupported')).textContent).toBe(en.PasskeysPanel.unsupported);
    expect(screen.queryByTestId('passkey-add')).toBeNull();
  });

  it('renames and removes after confirmation', async () => {
    calls.listPasskeys.mockResolvedValue([laptop, key]);
    calls.renamePasskey.mockResolvedValue(undefined);
    calls.removePasskey.mockResolvedValue(undefined);
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename “Work laptop”' }));
    const field = screen.getByLabelText('Rename “Work laptop”');
    fireEvent.change(field, { target: { value: 'Home laptop' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByText('Home laptop')).toBeTruthy();
    expect(calls.renamePasskey).toHaveBeenCalledWith('p1', 'Home laptop', 'Network error');

    fireEvent.click(screen.getByRole('button', { name: 'Remove “YubiKey”' }));
    expect(screen.getByTestId('passkey-remove-dialog').hasAttribute('open')).toBe(true);
    expect(calls.removePasskey).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('passkey-remove-confirm'));
    await vi.waitFor(() => expect(screen.getAllByTestId('passkey')).toHaveLength(1));
    expect(calls.removePasskey).toHaveBeenCalledWith('p2', 'Network error');
  });

  it('offers no add form at the limit', async () => {
    calls.listPasskeys.mockResolvedValue([laptop, key]);
    renderPanel(2);
    await screen.findAllByTestId('passkey');
    expect(screen.queryByTestId('passkey-add')).toBeNull();
    expect(screen.getByText('You have 2 passkeys, the most an account can hold. Remove one to add another.')).toBeTruthy();
  });
});
