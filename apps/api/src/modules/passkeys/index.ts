// The passkeys module's public surface: other modules import only this file.
export { deletePasskeysOfUser } from './passkeys.service';
export {
  authenticationOptions,
  challengeOf,
  challenges,
  PASSKEY_CHALLENGE_TTL_MS,
  passkeyOf,
  registrationOptions,
  verificationError,
  verifyAssertion,
  verifyRegistration,
  type RelyingParty,
} from './webauthn';
