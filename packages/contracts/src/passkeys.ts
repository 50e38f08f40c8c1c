import { z } from './zod';
import { V } from './validation';

// Passkeys (WebAuthn): several per account, each with a name the user gives it;
// log-in with a discoverable credential (no username typed). The options and responses are
// the WebAuthn JSON forms of @simplewebauthn (server and browser), passed through as they are.

/** Longest passkey name, in characters. */
export const PASSKEY_NAME_MAX = 64;
/** Most passkeys one account may hold. */
export const PASSKEYS_PER_ACCOUNT_MAX = 20;

/** base64url without padding, as WebAuthn's JSON forms carry binary values. */
const BASE64URL_RE = /^[A-Za-z0-9_-]*$/;
const b64url = (max: number) =>
  z
    .string({ error: V.invalidType })
    .min(1, { error: V.required, abort: true })
    .max(max, { error: V.tooLong, abort: true })
    .regex(BASE64URL_RE, { error: V.invalidValue });

export const ZPasskeyName = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidType) })
  .trim()
  .min(1, { error: V.required, abort: true })
  .max(PASSKEY_NAME_MAX, { error: V.tooLong });

/** Our id of a stored passkey: printable ASCII only (PostgreSQL refuses a NUL in a text value). */
export const ZPasskeyId = z
  .string({ error: V.invalidType })
  .min(1, { error: V.required, abort: true })
  .max(64, { error: V.tooLong })
  .regex(/^[\x21-\x7e]+$/, { error: V.invalidValue });

const ZTransport = z.string().max(32);
const ZExtensionResults = z.looseObject({});

// Options are listed field by field: the answer is serialised through these schemas, which drop what they do not name.

/** What navigator.credentials.create() gave the browser, as @simplewebauthn/browser's startRegistration returns it. */
export const ZRegistrationResponse = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key', { error: V.invalidValue }),
  response: z.object({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(65536),
    authenticatorData: b64url(65536).optional(),
    transports: z.array(ZTransport).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(8192).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: V.invalidValue }).optional(),
  clientExtensionResults: ZExtensionResults,
});
export type TRegistrationResponse = z.infer<typeof ZRegistrationResponse>;

/** What navigator.credentials.get() gave the browser (startAuthentication's result). */
export const ZAuthenticationResponse = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key', { error: V.invalidValue }),
  response: z.object({
    clientDataJSON: b64url(8192),
    authenticatorData: b64url(65536),
    signature: b64url(8192),
    userHandle: b64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: V.invalidValue }).optional(),
  clientExtensionResults: ZExtensionResults,
});
export type TAuthenticationResponse = z.infer<typeof ZAuthenticationResponse>;

const ZCredentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });

/** POST /user/passkeys/registerOptions: pass `options` to startRegistration({ optionsJSON }). */
export const ZPasskeyRegisterOptions = z.object({
  options: z.object({
    challenge: z.string(),
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
    timeout: z.number().int().optional(),
    excludeCredentials: z.array(ZCredentialDescriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    attestation: z.string().optional(),
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
    hints: z.array(z.string()).optional(),
  }),
});
export type TPasskeyRegisterOptions = z.infer<typeof ZPasskeyRegisterOptions>;

/** POST /passkeyLogin/options: pass `options` to startAuthentication({ optionsJSON }). */
export const ZPasskeyLoginOptions = z.object({
  options: z.object({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().int().optional(),
    allowCredentials: z.array(ZCredentialDescriptor).optional(),
    userVerification: z.string().optional(),
    hints: z.array(z.string()).optional(),
  }),
});
export type TPasskeyLoginOptions = z.infer<typeof ZPasskeyLoginOptions>;

export const ZPasskeyRegisterRequest = z.object({ name: ZPasskeyName, response: ZRegistrationResponse });
export type TPasskeyRegisterRequest = z.infer<typeof ZPasskeyRegisterRequest>;

export const ZPasskeyLoginRequest = z.object({ response: ZAuthenticationResponse });
export type TPasskeyLoginRequest = z.infer<typeof ZPasskeyLoginRequest>;

export const ZPasskeyIdRequest = z.object({ id: ZPasskeyId });
export type TPasskeyIdRequest = z.infer<typeof ZPasskeyIdRequest>;

export const ZPasskeyRenameRequest = z.object({ id: ZPasskeyId, name: ZPasskeyName });
export type TPasskeyRenameRequest = z.infer<typeof ZPasskeyRenameRequest>;

/**
 * One passkey of the account. deviceType: singleDevice (bound to one authenticator, e.g. a
 * security key) or multiDevice (synced, e.g. iCloud Keychain, Google Password Manager);
 * backedUp: the synced copy exists now. Times are UTC ISO 8601; lastUsedAt null = never used.
 */
export const ZPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  backedUp: z.boolean(),
});
export type TPasskey = z.infer<typeof ZPasskey>;

export const ZPasskeyList = z.object({ passkeys: z.array(ZPasskey) });
export type TPasskeyList = z.infer<typeof ZPasskeyList>;
