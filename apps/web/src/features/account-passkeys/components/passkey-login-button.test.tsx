import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/account-passkeys.json';
import { fakeApi } from '../../../../test/support/fake-api';
import { session } from '@/lib/session';
import type { TPasskeyLoginTexts } from '../texts';
import PasskeyLoginButton from './passkey-login-button';

// "Log in with a passkey" on /login: the ceremony's code is loaded on the click, the browser's
// navigator.credentials answers (stubbed here: the browser's half), the API behind fetch.

const nav = vi.hoisted(() => ({ replace: vi.fn(), push: vi.fn(), prefetch: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => nav, usePathname: () => '/en/login', useParams: () => ({ locale: 'en' }) }));

const texts: TPasskeyLoginTexts = { login: en.PasskeyLogin, loginSucceeded: 'Logged in successfully', network: 'Network error' };
const OPTIONS = {
  options: {
    challenge: 'Y2hhbGxlbmdlLWZyb20tdGhlLWFwaQ',
    rpId: 'localhost',
    userVerification: 'required',
    allowCredentials: [],
    timeout: 60000,
  },
};

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
function assertion() {
  return {
    id: 'Y3JlZC0x',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: { clientDataJSON: bytes('{}'), authenticatorData: bytes('auth'), signature: bytes('sig'), userHandle: bytes('user') },
    getClientExtensionResults: () => ({}),
  };
}

function stubWebAuthn(get: () => Promise<unknown>) {
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: async () => false }),
  );
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get: vi.fn(get), create: vi.fn() } });
}

beforeEach(() => {
  window.history.replaceState(null, '', '/en/login?redirectUrl=%2Fen%2Faccount');
  session.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  nav.replace.mockReset();
  Reflect.deleteProperty(navigator, 'credentials');
});

describe('PasskeyLoginButton', () => {
  it('says so when the browser cannot use passkeys, and asks the API nothing', async () => {
    const api = fakeApi();
    render(<PasskeyLoginButton texts={texts} />);
    fireEvent.click(screen.getByTestId('passkey-login'));
    expect((await screen.findByTestId('passkey-login-note')).textContent).toBe(en.PasskeyLogin.unsupported);
    expect(api.calls).toEqual([]);
  });

  it('a cancelled prompt is a note, not a log-in', async () => {
    const api = fakeApi();
    api.reply('POST /passkeyLogin/options', { data: OPTIONS });
    stubWebAuthn(() => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')));
    render(<PasskeyLoginButton texts={texts} />);
    fireEvent.click(screen.getByTestId('passkey-login'));
    expect((await screen.findByTestId('passkey-login-note')).textContent).toBe(en.PasskeyLogin.cancelled);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /passkeyLogin/options']);
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('logs in with the assertion the browser gives, then goes on to redirectUrl', async () => {
    const api = fakeApi();
    api.reply('POST /passkeyLogin/options', { data: OPTIONS });
    api.reply('POST /passkeyLogin/verify', { data: { access_token: 't', cancellation: null } });
    stubWebAuthn(async () => assertion());
    render(<PasskeyLoginButton texts={texts} />);
    fireEvent.click(screen.getByTestId('passkey-login'));
    await vi.waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/en/account'));
    const [verify] = api.callsTo('POST /passkeyLogin/verify');
    expect(verify?.body).toMatchObject({
      response: { id: 'Y3JlZC0x', rawId: 'Y3JlZC0x', type: 'public-key', response: { signature: 'c2ln' } },
    });
    expect(api.toasts.success).toHaveBeenCalledWith('Logged in successfully');
    expect(screen.queryByTestId('passkey-login-note')).toBeNull();
  });
});
