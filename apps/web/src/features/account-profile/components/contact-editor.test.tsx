import { getContractMessages } from '@llk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import enAccount from '../../../../messages/en/account.json';
import enProfile from '../../../../messages/en/account-profile.json';
import { attachSonner } from '@/lib/toast';
import type { TProfileTexts } from '../texts';
import { CancelForm } from './cancel-account';
import { ContactEditor } from './contact-editor';

// The contact flows and the cancellation form as a user goes through them, against a fake
// fetch behind the browser API client: which calls are made, in which order, with what.

const nav = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn(), prefetch: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => nav, useParams: () => ({ locale: 'en' }), usePathname: () => '/en/account/profile' }));

const shown = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
beforeAll(() => attachSonner({ toast: shown } as unknown as Parameters<typeof attachSonner>[0]));

interface TCall {
  url: string;
  body: Record<string, unknown> | undefined;
}
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ errcode: 0, errmsg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });

function serve(answers: Record<string, (body: Record<string, unknown> | undefined) => unknown>): TCall[] {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      // the phone field asks for the visitor's country (its default): not one of the form's calls
      if (input.startsWith('/api/location/info')) return envelope({ countryCode: null, countryName: null });
      calls.push({ url: input, body });
      const answer = answers[input.replace(/^\/api/, '')];
      return answer ? envelope(answer(body)) : new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

const contract = getContractMessages('en') as unknown as Record<string, Record<string, string>>;
const texts: TProfileTexts = {
  form: enProfile.AccountProfile,
  code: enAccount.CodeButton,
  validation: contract.validation!,
  success: contract.success!,
  network: contract.errors!.network!,
};
const sent = { channel: 'EMAIL', target: 'u***@example.com', resendAfterSeconds: 60, expiresInSeconds: 300 };
const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => document.documentElement.setAttribute('lang', 'en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const fn of [nav.refresh, shown.success, shown.error]) fn.mockReset();
});

describe('ContactEditor', () => {
  it('changes the email in two steps: the current address’s code for a ticket, then the new address with its code', async () => {
    const calls = serve({
      '/sms': () => sent,
      '/user/changeEmail': (body) =>
        body?.ticket ? { ticket: null, expiresInSeconds: null, user: {} } : { ticket: 'T-1', expiresInSeconds: 600, user: null },
    });
    render(<ContactEditor texts={texts} kind="email" current="u***@example.com" />);
    expect(screen.getByTestId('contact-email-value').textContent).toBe('u***@example.com');
    click('Change email');
    expect(
      screen.getByText(
        'Step 1 of 2: to confirm it is you, choose “Get code” and we will send a code to u***@example.com, then enter it here.',
      ),
    ).toBeTruthy();
    click('Get code');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Sent (60s)' })).toBeTruthy());
    type('Verification code', '111111');
    click('Continue');
    await vi.waitFor(() => expect(screen.getByTestId('email-step-new')).toBeTruthy());

    click('Confirm');
    expect(screen.getByText('Please enter your email')).toBeTruthy(); // nothing sent for an empty form
    type('New email', 'New@Example.com ');
    click('Get code');
    type('Verification code', '222222');
    click('Confirm');
    await vi.waitFor(() => expect(nav.refresh).toHaveBeenCalled());
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/sms', { channel: 'EMAIL', smsType: 'BIND_EMAIL' }],
      ['/api/user/changeEmail', { code: '111111' }],
      ['/api/sms', { email: 'New@Example.com', smsType: 'BIND_EMAIL' }],
      ['/api/user/changeEmail', { email: 'New@Example.com', code: '222222', ticket: 'T-1' }],
    ]);
    expect(shown.success).toHaveBeenLastCalledWith('Changes saved');
    expect(screen.queryByTestId('email-step-new')).toBeNull(); // closed again
  });

  it('binds a phone in one step with a BIND_MOBILE code', async () => {
    const calls = serve({ '/sms': () => ({ ...sent, channel: 'SMS' }), '/user/bindMobile': () => ({}) });
    render(<ContactEditor texts={texts} kind="phone" current={null} />);
    expect(screen.getByTestId('contact-phone-value').textContent).toBe('Not added');
    click('Add phone');
    click('Get code');
    expect(screen.getByText('Please enter your phone number')).toBeTruthy(); // the address first
    type('New phone number', '13800138000');
    click('Get code');
    type('Verification code', '333333');
    click('Confirm');
    await vi.waitFor(() => expect(nav.refresh).toHaveBeenCalled());
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/sms', { mobile: '+8613800138000', smsType: 'BIND_MOBILE' }],
      ['/api/user/bindMobile', { mobile: '+8613800138000', code: '333333' }],
    ]);
  });
});

describe('ContactEditor: verified contacts (ADR 0028)', () => {
  it('says whether each address is verified', () => {
    render(<ContactEditor texts={texts} kind="phone" current="138****8000" verified />);
    expect(screen.getByTestId('contact-phone-status').textContent).toBe('Verified');
    cleanup();
    render(<ContactEditor texts={texts} kind="email" current={null} verified={false} />);
    expect(screen.queryByTestId('contact-email-status')).toBeNull(); // nothing on file, nothing to verify
    expect(screen.getByRole('button', { name: 'Add email' })).toBeTruthy();
  });

  it('an unverified email: says why it matters, offers Verify instead of Change, and verifies it with bindEmail and the same address', async () => {
    const calls = serve({ '/sms': () => sent, '/user/bindEmail': () => ({}) });
    render(<ContactEditor texts={texts} kind="email" current="u***@example.com" verified={false} />);
    expect(screen.getByTestId('contact-email-status').textContent).toBe('Not verified');
    expect(screen.getByTestId('contact-email-unverified-note').textContent).toBe(
      'You cannot log in or reset your password with this email until you verify it.',
    );
    expect(screen.queryByRole('button', { name: 'Change email' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove email' })).toBeNull(); // not removable unless told
    click('Verify email');
    expect(screen.getByTestId('email-step-verify')).toBeTruthy();
    type('Email address', 'u1@example.com');
    click('Get code');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Sent (60s)' })).toBeTruthy());
    type('Verification code', '555555');
    click('Confirm');
    await vi.waitFor(() => expect(nav.refresh).toHaveBeenCalled());
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/sms', { email: 'u1@example.com', smsType: 'BIND_EMAIL' }],
      ['/api/user/bindEmail', { email: 'u1@example.com', code: '555555' }],
    ]);
    expect(shown.success).toHaveBeenLastCalledWith('Your email is verified.');
  });

  it('removes the email with the BIND_EMAIL code to it when the account has another verified contact', async () => {
    const calls = serve({ '/sms': () => sent, '/user/unbindEmail': () => ({}) });
    render(<ContactEditor texts={texts} kind="email" current="u***@example.com" verified removable />);
    expect(screen.getByRole('button', { name: 'Change email' })).toBeTruthy();
    click('Remove email');
    expect(screen.getByText('To remove u***@example.com from your account, enter the code we send to it.')).toBeTruthy();
    click('Remove');
    expect(screen.getByText('Please enter the 6-digit code')).toBeTruthy();
    expect(calls).toEqual([]);
    click('Get code');
    type('Verification code', '666666');
    click('Remove');
    await vi.waitFor(() => expect(nav.refresh).toHaveBeenCalled());
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/sms', { channel: 'EMAIL', smsType: 'BIND_EMAIL' }],
      ['/api/user/unbindEmail', { code: '666666' }],
    ]);
    expect(shown.success).toHaveBeenLastCalledWith('Removed from your account.');
  });

  it('removes the phone with a MODIFY_PHONE code, and says so clearly when it is the last verified contact', async () => {
    const calls: TCall[] = [];
    const last = { errcode: 10158, errmsg: contract.errors!.lastVerifiedContact, data: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined });
        if (url === '/api/sms') return envelope({ ...sent, channel: 'SMS', target: '138****8000' });
        return new Response(JSON.stringify(last), { status: 409, headers: { 'content-type': 'application/json' } });
      }),
    );
    render(<ContactEditor texts={texts} kind="phone" current="138****8000" verified removable />);
    click('Remove phone');
    click('Get code');
    type('Verification code', '777777');
    click('Remove');
    await vi.waitFor(() => expect(screen.getByTestId('phone-remove-refused').textContent).toBe(contract.errors!.lastVerifiedContact));
    expect(screen.getByRole('alert').textContent).toContain('only verified');
    expect(nav.refresh).not.toHaveBeenCalled();
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/sms', { channel: 'SMS', smsType: 'MODIFY_PHONE' }],
      ['/api/user/unbindMobile', { code: '777777' }],
    ]);
  });
});

describe('CancelForm', () => {
  it('asks for the code and an acknowledgement, then cancels with the chosen channel', async () => {
    const calls = serve({
      '/sms': () => sent,
      '/user/cancel': () => ({ requestedAt: '2026-01-01T00:00:00.000Z', eraseAt: '2026-01-16T00:00:00.000Z' }),
    });
    render(<CancelForm texts={texts} iso="en-US" mobile="138****8000" email="u***@example.com" />);
    fireEvent.click(screen.getByLabelText('My email u***@example.com'));
    click('Cancel my account');
    expect(screen.getByText('Please confirm that you understand.')).toBeTruthy();
    expect(calls).toEqual([]);
    click('Get code');
    type('Verification code', '444444');
    fireEvent.click(screen.getByLabelText(enProfile.AccountProfile.acknowledge));
    click('Cancel my account');
    await vi.waitFor(() => expect(nav.refresh).toHaveBeenCalled());
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/sms', { channel: 'EMAIL', smsType: 'CANCEL_ACCOUNT' }],
      ['/api/user/cancel', { channel: 'EMAIL', code: '444444' }],
    ]);
    expect(shown.success).toHaveBeenLastCalledWith('Your account will be erased on January 16, 2026.');
  });
});
