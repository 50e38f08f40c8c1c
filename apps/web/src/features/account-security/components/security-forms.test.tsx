import { getContractMessages } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/account-security.json';
import { fakeApi } from '../../../../test/support/fake-api';
import type { TSecurityTexts, TSessionView } from '../texts';
import { AlertsSwitch } from './alerts-switch';
import { ChangePasswordForm } from './change-password-form';
import { LoginHistory, type TLoginEventView } from './login-history';
import { SecondStepForm } from './second-step-form';
import { SessionsList } from './sessions-list';
import { TwoStepPanel } from './two-step-panel';

// The security page's small client components as a user works them, the API behind fetch
// (test/support/fake-api.ts): what is sent, what the page shows next.

const nav = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn(), prefetch: vi.fn() }));
vi.mock('next/navigation', () => ({
  useRouter: () => nav,
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/account/security',
}));

const contract = getContractMessages('en') as unknown as Record<string, Record<string, string>>;
const page = en.AccountSecurity as unknown as Record<string, Record<string, string>>;
const texts: TSecurityTexts = {
  password: page.password!,
  twoStep: page.twoStep!,
  sessions: page.sessions!,
  alerts: page.alerts!,
  validation: contract.validation!,
  success: contract.success!,
  network: contract.errors!.network!,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  nav.refresh.mockReset();
});

const click = (name: string, scope: HTMLElement = document.body) => fireEvent.click(within(scope).getByRole('button', { name }));

describe('ChangePasswordForm', () => {
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('says what is missing or does not match and sends nothing until it is right', async () => {
    const api = fakeApi();
    api.reply('POST /user/changePassword', { data: null });
    render(<ChangePasswordForm texts={texts} />);
    click('Change password');
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(3);
    type('Current password', 'Old-2024');
    type('New password', 'Newer-2025');
    type('Confirm new password', 'Newer-2026');
    click('Change password');
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(api.calls).toEqual([]);

    type('Confirm new password', 'Newer-2025');
    click('Change password');
    await vi.waitFor(() => expect(api.toasts.success).toHaveBeenCalledWith(contract.success!.modificationSucceeded));
    expect(api.callsTo('POST /user/changePassword').map((call) => call.body)).toEqual([
      { oldPassword: 'Old-2024', password: 'Newer-2025', confirmPassword: 'Newer-2025' },
    ]);
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect(nav.refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed when the API refuses the current password', async () => {
    const api = fakeApi();
    api.reply('POST /user/changePassword', { data: null, errcode: 10003, errmsg: 'Wrong password' });
    render(<ChangePasswordForm texts={texts} />);
    type('Current password', 'Wrong-2024');
    type('New password', 'Newer-2025');
    type('Confirm new password', 'Newer-2025');
    click('Change password');
    await vi.waitFor(() => expect(api.toasts.error).toHaveBeenCalledWith('Wrong password'));
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('Wrong-2024');
    expect(nav.refresh).not.toHaveBeenCalled();
  });
});

describe('SessionsList', () => {
  const session = (id: string, current: boolean, browser: string | null, os: string | null): TSessionView => ({
    id,
    browser,
    os,
    deviceType: 'desktop',
    clientType: 'account',
    ip: '203.0.113.9',
    location: { countryCode: 'CN', countryName: 'China' },
    createdAt: '2026-11-20T08:00:00.000Z',
    lastSeenAt: '2026-11-24T08:00:00.000Z',
    current,
  });
  const sessions = [
    session('s-other', false, 'Firefox', 'Linux'),
    session('s-here', true, 'Chrome', 'Windows'),
    session('s-phone', false, null, null),
  ];
  const rows = () => screen.getAllByRole('listitem');

  it('lists this device first and signs one other device out', async () => {
    const api = fakeApi();
    api.reply('POST /user/sessions/revoke', { data: null });
    render(<SessionsList initial={sessions} languageTag="en" texts={texts} />);
    expect(rows().map((row) => row.getAttribute('data-session-id'))).toEqual(['s-here', 's-other', 's-phone']);
    expect(within(rows()[0]!).getByText('This device')).toBeTruthy();
    expect(within(rows()[0]!).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(within(rows()[1]!).getByText('Firefox on Linux')).toBeTruthy();
    expect(within(rows()[1]!).getByText('Password · 203.0.113.9 · China')).toBeTruthy();
    expect(within(rows()[2]!).getByText('Unknown device')).toBeTruthy();

    click('Sign out', rows()[1]!);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(api.callsTo('POST /user/sessions/revoke').map((call) => call.body)).toEqual([{ id: 's-other' }]);
    expect(api.toasts.success).toHaveBeenCalledWith('Signed out');
  });

  it('signs all others out at once, then says no other device is signed in', async () => {
    const api = fakeApi();
    api.reply('POST /user/sessions/revokeOthers', { data: null });
    render(<SessionsList initial={sessions} languageTag="en" texts={texts} />);
    click('Sign out all other devices');
    expect(await screen.findByText('No other device is signed in.')).toBeTruthy();
    expect(rows().map((row) => row.getAttribute('data-session-id'))).toEqual(['s-here']);
    expect(api.callsTo('POST /user/sessions/revokeOthers')).toHaveLength(1);
  });

  it('keeps the list as it was when the API refuses', async () => {
    const api = fakeApi();
    api.reply('POST /user/sessions/revoke', { data: null, errcode: 10110, errmsg: 'No such session' });
    render(<SessionsList initial={sessions} languageTag="en" texts={texts} />);
    click('Sign out', rows()[2]!);
    await vi.waitFor(() => expect(api.toasts.error).toHaveBeenCalledWith('No such session'));
    expect(rows()).toHaveLength(3);
  });
});

describe('AlertsSwitch', () => {
  it('saves the switch as soon as it changes, and turns it back when the API refuses', async () => {
    const api = fakeApi();
    api.reply('POST /user/notificationSettings', [
      { data: { newDeviceAlerts: false } },
      { data: null, errcode: 50000, errmsg: 'Try again later' },
    ]);
    render(<AlertsSwitch initial texts={texts} />);
    const toggle = screen.getByRole('switch', { name: 'Alert me about sign-ins from new devices' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(api.toasts.success).toHaveBeenCalledTimes(1));
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(api.toasts.error).toHaveBeenCalledWith('Try again later'));
    expect(toggle.checked).toBe(false);
    expect(api.callsTo('POST /user/notificationSettings').map((call) => call.body)).toEqual([
      { newDeviceAlerts: false },
      { newDeviceAlerts: true },
    ]);
  });
});

describe('SecondStepForm', () => {
  it('sends an authenticator code for the challenge, and Back leaves the step', async () => {
    const api = fakeApi();
    api.reply('POST /h5Login/verifyTotp', [
      { data: null, errcode: 10101, errmsg: 'Wrong code' },
      { data: { access_token: 't', cancellation: null } },
    ]);
    const onDone = vi.fn();
    const onBack = vi.fn();
    render(<SecondStepForm challengeId="challenge-1" texts={en.SecondStep} network="Network error" onDone={onDone} onBack={onBack} />);
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '12345' } });
    click('Verify');
    expect(screen.getByText('Enter a six-digit code or a backup code.')).toBeTruthy();
    expect(api.calls).toEqual([]);

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: ' 654321 ' } });
    click('Verify');
    await vi.waitFor(() => expect(api.toasts.error).toHaveBeenCalledWith('Wrong code'));
    expect(onDone).not.toHaveBeenCalled();
    click('Verify');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /h5Login/verifyTotp').map((call) => call.body)).toEqual([
      { challengeId: 'challenge-1', code: '654321' },
      { challengeId: 'challenge-1', code: '654321' },
    ]);
    click('Back');
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});

describe('TwoStepPanel', () => {
  const URI = 'otpauth://totp/LLK%20Remote:someone?secret=JBSWY3DPEHPK3PXP&issuer=LLK%20Remote';
  const codes = [
    'abcde-fghjk',
    'bcdef-ghjkm',
    'cdefg-hjkmn',
    'defgh-jkmnp',
    'efghj-kmnpq',
    'fghjk-mnpqr',
    'ghjkm-npqrs',
    'hjkmn-pqrst',
    'jkmnp-qrstu',
    'kmnpq-rstuv',
  ];

  it('turns on: the QR code of the otpauth URI and the key, a six-digit code, then the ten backup codes once', async () => {
    const api = fakeApi();
    api.reply('POST /user/totp/setup', { data: { secret: 'JBSWY3DPEHPK3PXP', uri: URI } });
    api.reply('POST /user/totp/enable', { data: { backupCodes: codes } });
    render(
      <TwoStepPanel status={{ enabled: false, enabledAt: null, backupCodesLeft: 0 }} account="someone" languageTag="en" texts={texts} />,
    );
    expect(screen.getByTestId('totp-state').textContent).toBe('Off');
    click('Turn on');
    expect((await screen.findByRole('img', { name: 'Two-step verification' })).getAttribute('data-qr-value')).toBe(URI);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    // on a phone, the authenticator opens from the otpauth:// link
    expect(screen.getByTestId('totp-open').getAttribute('href')).toBe(URI);
    fireEvent.change(screen.getByLabelText('Six-digit code'), { target: { value: '12a456' } });
    click('Confirm and turn on');
    expect(screen.getByText('Enter the six-digit code from your app.')).toBeTruthy();
    expect(api.callsTo('POST /user/totp/enable')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Six-digit code'), { target: { value: ' 123456 ' } });
    click('Confirm and turn on');
    const shown = await screen.findByTestId('backup-codes');
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(api.callsTo('POST /user/totp/enable').map((call) => call.body)).toEqual([{ code: '123456' }]);
    click('I’ve saved them');
    expect(screen.queryByTestId('backup-codes')).toBeNull();
    expect(nav.refresh).toHaveBeenCalledTimes(1);
  });

  it('turns off with a backup code; says how many are left while on', async () => {
    const api = fakeApi();
    api.reply('POST /user/totp/disable', { data: null });
    render(
      <TwoStepPanel
        status={{ enabled: true, enabledAt: '2026-11-20T08:00:00.000Z', backupCodesLeft: 9 }}
        account="someone"
        languageTag="en"
        texts={texts}
      />,
    );
    expect(screen.getByTestId('totp-state').textContent).toMatch(/^On since .*2026/);
    expect(screen.getByText('9 backup codes left')).toBeTruthy();
    click('Turn off');
    fireEvent.change(screen.getByLabelText('Code or backup code'), { target: { value: 'nope' } });
    click('Turn off two-step verification');
    expect(screen.getByText('Enter the six-digit code from your app.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code or backup code'), { target: { value: 'ABCDE-FGHJK' } });
    click('Turn off two-step verification');
    await vi.waitFor(() => expect(nav.refresh).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /user/totp/disable').map((call) => call.body)).toEqual([{ code: 'ABCDE-FGHJK' }]);
    expect(api.toasts.success).toHaveBeenCalledWith(contract.success!.modificationSucceeded);
  });
});

describe('LoginHistory', () => {
  const history = (en.AccountSecurity as unknown as Record<string, Record<string, string>>).history!;
  const event = (id: string, over: Partial<TLoginEventView>): TLoginEventView => ({
    id,
    at: '2026-11-24T08:00:00.000Z',
    success: true,
    method: 'password',
    failure: null,
    ip: '203.0.113.9',
    location: { countryCode: 'JP', countryName: 'Japan' },
    browser: 'Chrome',
    os: 'macOS',
    newDevice: false,
    ...over,
  });

  it('shows each attempt with its method, result, place and device, failures and new devices included', () => {
    render(
      <LoginHistory
        events={[
          event('e1', { method: 'passkey', newDevice: true }),
          event('e2', {
            success: false,
            method: 'totp',
            failure: 'TOTP_CODE_INVALID',
            ip: null,
            location: { countryCode: null, countryName: null },
            browser: null,
            os: null,
          }),
        ]}
        languageTag="en"
        texts={history}
        sessionTexts={page.sessions!}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('Passkey')).toBeTruthy();
    expect(first!.textContent).toContain('Signed in· New device');
    expect(within(first!).getByText('203.0.113.9 · Japan')).toBeTruthy();
    expect(within(first!).getByText('Chrome on macOS')).toBeTruthy();
    expect(within(second!).getByText('Authenticator code')).toBeTruthy();
    expect(within(second!).getByText('Failed')).toBeTruthy();
    expect(within(second!).getByText('Unknown location')).toBeTruthy();
    expect(within(second!).getByText('Unknown device')).toBeTruthy();
    expect(second!.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-24T08:00:00.000Z');
  });

  it('says so when there is nothing yet', () => {
    render(<LoginHistory events={[]} languageTag="en" texts={history} sessionTexts={page.sessions!} />);
    expect(screen.getByText('No sign-ins yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
