import { afterEach, describe, expect, it, vi } from 'vitest';
import { ceremonyFailure, CeremonyError, createCredential, webAuthnAvailable } from './webauthn';

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('ceremonyFailure', () => {
  it('sorts what browsers and @simplewebauthn/browser throw into what the user can act on', () => {
    expect(ceremonyFailure(domError('NotAllowedError'))).toBe('cancelled');
    expect(ceremonyFailure(domError('AbortError'))).toBe('cancelled');
    expect(ceremonyFailure(Object.assign(new Error('x'), { name: 'NotAllowedError', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' }))).toBe(
      'cancelled',
    );
    expect(ceremonyFailure(Object.assign(new Error('x'), { code: 'ERROR_CEREMONY_ABORTED' }))).toBe('cancelled');
    expect(
      ceremonyFailure(Object.assign(new Error('x'), { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', name: 'InvalidStateError' })),
    ).toBe('alreadyRegistered');
    expect(ceremonyFailure(Object.assign(new Error('x'), { code: 'ERROR_INVALID_DOMAIN', name: 'SecurityError' }))).toBe('unsupported');
    expect(ceremonyFailure(domError('UnknownError'))).toBe('failed');
    expect(ceremonyFailure(null)).toBe('failed');
    expect(ceremonyFailure(new CeremonyError('cancelled'))).toBe('cancelled');
  });
});

describe('without WebAuthn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports "unsupported" before any ceremony starts', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    expect(webAuthnAvailable()).toBe(false);
    await expect(
      createCredential({ challenge: 'x', rp: { name: 'LLK' }, user: { id: 'u', name: 'u', displayName: 'u' }, pubKeyCredParams: [] }),
    ).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('is available in a secure context with PublicKeyCredential', () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('isSecureContext', true);
    expect(webAuthnAvailable()).toBe(true);
  });
});
