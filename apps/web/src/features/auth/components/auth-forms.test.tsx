import { getContractMessages } from '@llk/contracts';
import type { TLocale } from '@llk/contracts/locales';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import enAccount from '../../../../messages/en/account.json';
import zhAccount from '../../../../messages/zh-CN/account.json';
import enSecurity from '../../../../messages/en/account-security.json';
import { attachSonner } from '@/lib/toast';
import { hasSessionHint, session } from '@/lib/session';
import type { TAuthTexts } from '../texts';
import { LoginForm } from './login-form';
import { ResetForm } from './reset-form';
import { SignupForm } from './signup-form';

// The three auth forms as a visitor uses them: inline errors in the page's language, one request
// through the browser API client (lib/api.ts) with a fake fetch behind it, and what follows.

const nav = vi.hoisted(() => ({ replace: vi.fn(), push: vi.fn(), prefetch: vi.fn(), locale: 'en' }));
vi.mock('next/navigation', () => ({
  useRouter: () => nav,
  useParams: () => ({ locale: nav.locale }),
  usePathname: () => '/en/login',
}));

const shown = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
beforeAll(() => attachSonner({ toast: shown } as unknown as Parameters<typeof attachSonner>[0]));

interface TCall {
  method: string;
  url: string;
  body: Record<string, unknown> | undefined;
  language: string | null;
}

function envelope(data: unknown, errcode = 0, errmsg = 'ok') {
  return new Response(JSON.stringify({ errcode, errmsg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** A fake server: answers per path, remembers every call. */
function serve(answers: Record<string, () => Response>): TCall[] {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      // the phone field asks for the visitor's country (its default): not one of the form's calls
      if (input.startsWith('/api/location/info')) return envelope({ countryCode: null, countryName: null });
      const headers = new Headers(init.headers);
      calls.push({
        method: String(init.method),
        url: input,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
        language: headers.get('Accept-Language'),
      });
      const path = input.replace(/^\/api/, '').split('?')[0]!;
      return answers[path]?.() ?? envelope(null, 404, 'not found');
    }),
  );
  return calls;
}

function texts(locale: TLocale, form: 'LoginForm' | 'SignupForm' | 'ResetForm'): TAuthTexts {
  const account = locale === 'en' ? enAccount : zhAccount;
  const contract = getContractMessages(locale) as unknown as Record<string, Record<string, string>>;
  return {
    form: account[form] as Record<string, string>,
    code: account.CodeButton,
    validation: contract.validation!,
    success: contract.success!,
    network: contract.errors!.network!,
  };
}

// The tab panels are labelled by their tabs ('Password'), so look for the control itself.
function input(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input' });
}

function type(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

function submit(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

function errorOf(label: string): string | null {
  const ids = input(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.find((id) => id.endsWith('-error'));
  return error ? (document.getElementById(error)?.textContent ?? null) : null;
}

beforeEach(() => {
  nav.locale = 'en';
  document.documentElement.lang = 'en';
  window.history.replaceState(null, '', '/en/login');
  session.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const fn of [nav.replace, nav.push, shown.success, shown.error, shown.info]) fn.mockReset();
});

describe('LoginForm', () => {
  it('opens on the password tab when the address asks for it (after a password reset)', async () => {
    serve({});
    window.history.replaceState(null, '', '/zh-CN/login?tab=password');
    const t = texts('zh-CN', 'LoginForm').form;
    render(<LoginForm texts={texts('zh-CN', 'LoginForm')} />);
    await vi.waitFor(() => expect(screen.getByRole('tab', { name: t.passwordTab }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByRole('tab', { name: t.codeTab }).getAttribute('aria-selected')).toBe('false');
    window.history.replaceState(null, '', '/');
  });

  it('shows nothing before the visitor tries, then every error in English and sends nothing', async () => {
    const calls = serve({});
    render(<LoginForm texts={texts('en', 'LoginForm')} />);
    expect(errorOf('Phone number')).toBeNull();
    submit('Log in');
    expect(errorOf('Phone number')).toBe('Please enter your phone number');
    expect(errorOf('Verification code')).toBe('Please enter the 6-digit code');
    expect(document.activeElement).toBe(input('Phone number'));
    expect(input('Phone number').getAttribute('aria-invalid')).toBe('true');
    type('Phone number', '12');
    expect(errorOf('Phone number')).toBe('Please enter a valid phone number');
    expect(calls).toEqual([]);
  });

  it('shows the errors in Chinese on the Chinese page', () => {
    nav.locale = 'zh-CN';
    serve({});
    render(<LoginForm texts={texts('zh-CN', 'LoginForm')} />);
    fireEvent.click(screen.getByRole('tab', { name: '密码登录' }));
    submit('登录');
    expect(errorOf('用户名/手机号/邮箱')).toBe('请输入用户名/手机号/邮箱');
    expect(errorOf('密码')).toBe('密码不能为空');
  });

  it('logs in with a code: one POST /h5Login, a toast, the hint cookie, then on to redirectUrl', async () => {
    window.history.replaceState(null, '', '/en/login?redirectUrl=%2Fpricing&clientType=WIN');
    const calls = serve({ '/h5Login': () => envelope({ token: 'x' }) });
    render(<LoginForm texts={texts('en', 'LoginForm')} />);
    type('Phone number', ' 13800138000 ');
    type('Verification code', '123456');
    submit('Log in');
    await vi.waitFor(() => expect(nav.replace).toHaveBeenCalled());
    expect(calls).toEqual([
      { method: 'POST', url: '/api/h5Login', body: { loginType: 'mobile', mobile: '+8613800138000', code: '123456' }, language: 'en' },
    ]);
    expect(shown.success).toHaveBeenCalledWith('Logged in successfully');
    expect(hasSessionHint()).toBe(true);
    expect(nav.replace).toHaveBeenCalledWith('/en/pricing?clientType=WIN');
  });

  it('logs in with a password and says which kind of account was typed', async () => {
    const calls = serve({ '/h5Login': () => envelope({ token: 'x' }) });
    render(<LoginForm texts={texts('en', 'LoginForm')} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Password' }));
    type('Username, phone or email', 'a@example.com');
    type('Password', 'secret1');
    submit('Log in');
    await vi.waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/en'));
    expect(calls[0]!.body).toEqual({ loginType: 'email', account: 'a@example.com', password: 'secret1' });
  });

  it('asks for the second step when the password log-in answers a challenge, and finishes it with a backup code', async () => {
    window.history.replaceState(null, '', '/en/login?redirectUrl=%2Faccount');
    const calls = serve({
      '/h5Login': () => envelope({ secondStep: 'TOTP', challengeId: 'challenge-from-the-password-step', expiresInSeconds: 300 }),
      '/h5Login/verifyTotp': () => envelope({ access_token: 'x', cancellation: null }),
    });
    render(<LoginForm texts={texts('en', 'LoginForm')} secondStep={enSecurity.SecondStep} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Password' }));
    type('Username, phone or email', 'someone');
    type('Password', 'secret1');
    submit('Log in');
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    expect(shown.success).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: 'abcde-fghjk' } });
    submit('Verify');
    await vi.waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/en/account'));
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/h5Login', { loginType: 'account', account: 'someone', password: 'secret1' }],
      ['/api/h5Login/verifyTotp', { challengeId: 'challenge-from-the-password-step', code: 'abcde-fghjk' }],
    ]);
    expect(shown.success).toHaveBeenCalledWith('Logged in successfully');
  });

  it('finishes an access-key hand-off whose challenge arrives in the fragment, which leaves the address bar at once', async () => {
    const challengeId = 'Zm9vYmFyLWNoYWxsZW5nZS1pZC0xMjM0NTY3ODkwYWJj';
    window.history.replaceState(null, '', `/en/login?redirectUrl=%2Fen%2Fpricing%3Ffrom%3Dapp#secondStep=${challengeId}`);
    const calls = serve({ '/h5Login/verifyTotp': () => envelope({ access_token: 'x', cancellation: null }) });
    render(<LoginForm texts={texts('en', 'LoginForm')} secondStep={enSecurity.SecondStep} />);
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    expect(window.location.hash).toBe('');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/en/login?redirectUrl=%2Fen%2Fpricing%3Ffrom%3Dapp');
    // a wrong shape is caught before anything is sent
    submit('Verify');
    expect(screen.getByText('Enter a six-digit code or a backup code.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    submit('Verify');
    await vi.waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/en/pricing?from=app'));
    expect(calls.map((call) => [call.url, call.body])).toEqual([['/api/h5Login/verifyTotp', { challengeId, code: '123456' }]]);
    expect(hasSessionHint()).toBe(true);
  });

  it('shows the usual form for a fragment that is not a challenge', () => {
    window.history.replaceState(null, '', '/en/login#secondStep=<b>');
    serve({});
    render(<LoginForm texts={texts('en', 'LoginForm')} secondStep={enSecurity.SecondStep} />);
    expect(screen.getByRole('tab', { name: 'Password' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Two-step verification' })).toBeNull();
  });

  it('stays on the page and toasts the server message when the log-in fails', async () => {
    serve({ '/h5Login': () => envelope(null, 10003, 'Wrong password') });
    render(<LoginForm texts={texts('en', 'LoginForm')} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Password' }));
    type('Username, phone or email', 'alice_01');
    type('Password', 'wrong12');
    submit('Log in');
    await vi.waitFor(() => expect(shown.error).toHaveBeenCalledWith('Wrong password'));
    expect(nav.replace).not.toHaveBeenCalled();
    expect(hasSessionHint()).toBe(false);
    expect(screen.getByRole('button', { name: 'Log in' }).getAttribute('aria-disabled')).toBeNull();
  });
});

describe('CodeButton', () => {
  it('checks the phone first, then sends the code and counts down to "Resend code"', async () => {
    const calls = serve({ '/sms': () => envelope({ target: '138****8000', resendAfterSeconds: 3 }) });
    render(<LoginForm texts={texts('en', 'LoginForm')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(errorOf('Phone number')).toBe('Please enter your phone number');
    expect(calls).toEqual([]);

    type('Phone number', '13800138000');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Sent (3s)' })).toBeTruthy());
    expect(calls.map((call) => [call.url, call.body])).toEqual([['/api/sms', { mobile: '+8613800138000', smsType: 'LOGIN' }]]);
    expect(shown.success).toHaveBeenCalledWith('Code sent to 138****8000');
    expect((screen.getByRole('button', { name: 'Sent (3s)' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Sent (2s)' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Sent (1s)' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    const again = screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
  });

  it('waits 60 seconds when the server names no wait, and stays usable after a failure', async () => {
    let fail = true;
    serve({ '/sms': () => (fail ? envelope(null, 10010, 'Too many codes') : envelope({ target: 'x', resendAfterSeconds: 0 })) });
    render(<LoginForm texts={texts('en', 'LoginForm')} />);
    type('Phone number', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await vi.waitFor(() => expect(shown.error).toHaveBeenCalledWith('Too many codes'));
    expect(screen.getByRole('button', { name: 'Get code' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Sent (60s)' })).toBeTruthy());
  });
});

describe('SignupForm', () => {
  it('shows the referral code a link brought (?ref=) in its box, and its hint under the box, not as a placeholder', async () => {
    serve({});
    window.history.replaceState(null, '', '/en/signup?ref=ab12cd34');
    render(<SignupForm texts={texts('en', 'SignupForm')} />);
    const box = screen.getByLabelText('Referral code (optional)') as HTMLInputElement;
    await vi.waitFor(() => expect(box.value).toBe('AB12CD34'));
    expect(box.placeholder).toBe('');
    expect(document.getElementById(box.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'Not needed if you came through a friend’s link',
    );
    window.history.replaceState(null, '', '/');
  });

  it('checks the password pair and the referral code in English', () => {
    serve({});
    render(<SignupForm texts={texts('en', 'SignupForm')} />);
    type('Password', 'abc');
    type('Confirm password', 'abd');
    type('Referral code (optional)', 'no!');
    submit('Create account');
    expect(errorOf('Username')).toBe('Please enter a username');
    expect(errorOf('Password')).toBe('Password must be 6–20 characters and mix at least two of: letters, digits, punctuation');
    expect(errorOf('Confirm password')).toBe('The passwords do not match');
    expect(errorOf('Referral code (optional)')).toBe('A referral code is 8 letters and digits. Please check it.');
  });

  it('creates the account with one POST /signup and leaves out an empty referral code', async () => {
    const calls = serve({ '/signup': () => envelope({ token: 'x' }) });
    render(<SignupForm texts={texts('en', 'SignupForm')} />);
    type('Username', 'alice_01');
    type('Phone number', '13800138000');
    type('Verification code', '654321');
    type('Password', 'abc123');
    type('Confirm password', 'abc123');
    submit('Create account');
    await vi.waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/en'));
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      [
        'POST',
        '/api/signup',
        { username: 'alice_01', mobile: '+8613800138000', code: '654321', password: 'abc123', confirmPassword: 'abc123' },
      ],
    ]);
    expect(shown.success).toHaveBeenCalledWith('Account created');
  });

  it('sends a typed referral code, trimmed', async () => {
    const calls = serve({ '/signup': () => envelope({ token: 'x' }) });
    render(<SignupForm texts={texts('en', 'SignupForm')} />);
    type('Username', 'alice_01');
    type('Phone number', '13800138000');
    type('Verification code', '654321');
    type('Password', 'abc123');
    type('Confirm password', 'abc123');
    type('Referral code (optional)', ' AB12CD34 ');
    submit('Create account');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ referralCode: 'AB12CD34' });
  });
});

describe('SignupForm by email and the phone of another country', () => {
  it('signs up with a Spanish mobile typed with its +34 and spaces: E.164 to /sms and /signup', async () => {
    const calls = serve({
      '/sms': () => envelope({ target: '+34 612 *** 678', resendAfterSeconds: 60 }),
      '/signup': () => envelope({ token: 'x' }),
    });
    render(
      <SignupForm
        texts={{ ...texts('en', 'SignupForm'), phone: { country: 'Country or region', search: 'Search', noMatch: 'None', locale: 'es' } }}
      />,
    );
    type('Username', 'alice_01');
    type('Phone number', '+34 612 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    type('Verification code', '654321');
    type('Password', 'abc123');
    type('Confirm password', 'abc123');
    submit('Create account');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/sms', { mobile: '+34612345678', smsType: 'SIGNUP' }],
      ['/api/signup', { username: 'alice_01', mobile: '+34612345678', code: '654321', password: 'abc123', confirmPassword: 'abc123' }],
    ]);
  });

  it('shows the API’s rule for the phone under the field (a landline), until the number is edited', async () => {
    const fields = [{ field: 'body.mobile', message: 'Enter a mobile number: codes cannot be sent to a landline' }];
    serve({
      '/sms': () =>
        new Response(JSON.stringify({ errcode: 40001, errmsg: 'mobile: x', data: { fields } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    });
    render(<SignupForm texts={texts('en', 'SignupForm')} />);
    type('Phone number', '+34 912 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await vi.waitFor(() => expect(errorOf('Phone number')).toBe(fields[0]!.message));
    expect(input('Phone number').getAttribute('aria-invalid')).toBe('true');
    type('Phone number', '+34 612 345 678');
    expect(errorOf('Phone number')).toBeNull();
  });

  it('signs up with an email address: the SIGNUP code to the email, no phone', async () => {
    const calls = serve({
      '/sms': () => envelope({ target: 'a***@example.com', resendAfterSeconds: 60 }),
      '/signup': () => envelope({ token: 'x' }),
    });
    render(<SignupForm texts={texts('en', 'SignupForm')} />);
    fireEvent.click(screen.getByRole('tab', { name: 'By email' }));
    expect(screen.queryByLabelText('Phone number', { selector: 'input' })).toBeNull();
    submit('Create account');
    expect(errorOf('Email address')).toBe('Please enter your email');
    type('Username', 'alice_01');
    type('Email address', ' Alice@Example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    type('Verification code', '654321');
    type('Password', 'abc123');
    type('Confirm password', 'abc123');
    submit('Create account');
    await vi.waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/en'));
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/sms', { email: 'Alice@Example.com', smsType: 'SIGNUP' }],
      ['/api/signup', { username: 'alice_01', email: 'Alice@Example.com', code: '654321', password: 'abc123', confirmPassword: 'abc123' }],
    ]);
  });

  it('logs in with a code sent to the email address', async () => {
    const calls = serve({
      '/sms': () => envelope({ target: 'a***@example.com', resendAfterSeconds: 60 }),
      '/h5Login': () => envelope({ token: 'x' }),
    });
    render(<LoginForm texts={texts('en', 'LoginForm')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Use email instead' }));
    expect(document.activeElement).toBe(input('Email address'));
    type('Email address', 'a@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    type('Verification code', '123456');
    submit('Log in');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/sms', { email: 'a@example.com', smsType: 'LOGIN' }],
      ['/api/h5Login', { loginType: 'email', email: 'a@example.com', code: '123456' }],
    ]);
    // and back to the phone
    fireEvent.click(screen.getByRole('button', { name: 'Use phone number instead' }));
    expect(document.activeElement).toBe(input('Phone number'));
  });
});

describe('ResetForm', () => {
  it('resets by email: the email tab validates the address, then POST /modifyPwdByEmail and back to /login', async () => {
    session.markLoggedIn();
    const calls = serve({ '/modifyPwdByEmail': () => envelope(null) });
    render(<ResetForm texts={texts('en', 'ResetForm')} />);
    fireEvent.click(screen.getByRole('tab', { name: 'By email' }));
    type('Email address', 'not-an-email');
    submit('Reset password');
    expect(errorOf('Email address')).toBe('Please enter a valid email address');
    expect(errorOf('Confirm new password')).toBe('Please re-enter the password');
    expect(calls).toEqual([]);

    type('Email address', 'a@example.com');
    type('Verification code', '111222');
    type('New password', 'abc123');
    type('Confirm new password', 'abc123');
    submit('Reset password');
    await vi.waitFor(() => expect(nav.push).toHaveBeenCalledWith('/en/login?tab=password', {}));
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['/api/modifyPwdByEmail', { email: 'a@example.com', code: '111222', password: 'abc123', confirmPassword: 'abc123' }],
    ]);
    // says what happened, not "changes saved"
    expect(shown.success).toHaveBeenCalledWith('Password changed. Log in with your new password.');
    expect(hasSessionHint()).toBe(false);
  });

  it('sends the reset code to the phone with smsType RESET', async () => {
    const calls = serve({ '/sms': () => envelope({ target: '138****8000', resendAfterSeconds: 60 }) });
    render(<ResetForm texts={texts('en', 'ResetForm')} />);
    type('Phone number', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ mobile: '+8613800138000', smsType: 'RESET' });
  });
});
