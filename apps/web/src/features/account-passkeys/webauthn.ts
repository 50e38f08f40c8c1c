import type { TPasskeyLoginOptions, TPasskeyRegisterOptions } from '@llk/contracts';

// The browser half of a WebAuthn ceremony, through @simplewebauthn/browser (loaded when a
// ceremony starts, not with the page). What went wrong is sorted into what the user can act on:
// no WebAuthn here, they cancelled (or the prompt timed out), this authenticator is already
// registered, or anything else.

export type TCeremonyFailure = 'unsupported' | 'cancelled' | 'alreadyRegistered' | 'failed';

export class CeremonyError extends Error {
  override readonly name = 'CeremonyError';
  constructor(
    readonly reason: TCeremonyFailure,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}

/** Whether this page can run WebAuthn at all (a secure context with PublicKeyCredential). */
export function webAuthnAvailable(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext !== false && typeof window.PublicKeyCredential === 'function';
}

/** Sorts an error of navigator.credentials (raw DOMException or @simplewebauthn's WebAuthnError). */
export function ceremonyFailure(error: unknown): TCeremonyFailure {
  if (error instanceof CeremonyError) return error.reason;
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  const cause = (error as { cause?: { name?: string } } | null)?.cause?.name;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError' || cause === 'InvalidStateError')
    return 'alreadyRegistered';
  // NotAllowedError: the user dismissed the prompt, or it timed out (browsers do not say which).
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError' || cause === 'NotAllowedError')
    return 'cancelled';
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError' || name === 'NotSupportedError')
    return 'unsupported';
  return 'failed';
}

async function run<T>(ceremony: () => Promise<T>): Promise<T> {
  if (!webAuthnAvailable()) throw new CeremonyError('unsupported');
  try {
    return await ceremony();
  } catch (error) {
    throw new CeremonyError(ceremonyFailure(error), { cause: error });
  }
}

/** navigator.credentials.create() for the server's options; resolves with the JSON to send back. */
export function createCredential(options: TPasskeyRegisterOptions['options']) {
  return run(async () => {
    const { startRegistration } = await import('@simplewebauthn/browser');
    return startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  });
}

/** navigator.credentials.get() for the server's options (any passkey of this site). */
export function getAssertion(options: TPasskeyLoginOptions['options']) {
  return run(async () => {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    return startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  });
}
