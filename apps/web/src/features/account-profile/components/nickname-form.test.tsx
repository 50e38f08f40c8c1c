import { getContractMessages } from '@llk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enAccount from '../../../../messages/en/account.json';
import enProfile from '../../../../messages/en/account-profile.json';
import { fakeApi } from '../../../../test/support/fake-api';
import type { TProfileTexts } from '../texts';
import { NicknameForm } from './nickname-form';

// The editable nickname of /account/profile, the API behind fetch (test/support/fake-api.ts).

const nav = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn(), prefetch: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => nav, useParams: () => ({ locale: 'en' }), usePathname: () => '/en/account/profile' }));

const contract = getContractMessages('en') as unknown as Record<string, Record<string, string>>;
const texts: TProfileTexts = {
  form: enProfile.AccountProfile,
  code: enAccount.CodeButton,
  validation: contract.validation!,
  success: contract.success!,
  network: contract.errors!.network!,
};
const nickname = () => screen.getByLabelText('Nickname') as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  nav.refresh.mockReset();
});

describe('NicknameForm', () => {
  it('refuses an empty or too long nickname without asking the API', () => {
    const api = fakeApi();
    render(<NicknameForm texts={texts} nickname="Desk" />);
    expect(nickname().value).toBe('Desk');
    fireEvent.change(nickname(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(nickname().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(contract.validation!.required!)).toBeTruthy();
    fireEvent.change(nickname(), { target: { value: 'x'.repeat(33) } });
    expect(screen.getByText(contract.validation!.tooLong!)).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('saves the trimmed nickname and refreshes the page', async () => {
    const api = fakeApi();
    api.reply('POST /user/updateProfile', { data: { nickname: 'Desk Top' } });
    render(<NicknameForm texts={texts} nickname="Desk" />);
    fireEvent.change(nickname(), { target: { value: '  Desk Top ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(nav.refresh).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /user/updateProfile').map((call) => call.body)).toEqual([{ nickname: 'Desk Top' }]);
    expect(api.toasts.success).toHaveBeenCalledWith(contract.success!.modificationSucceeded);
  });
});
