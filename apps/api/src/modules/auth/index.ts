// The auth module's public surface: other modules import only this file.
export {
  type ActiveSession,
  createSession,
  endUserSessions,
  findLiveSessionById,
  isSessionLive,
  purgeDeadSessions,
  type SessionClient,
  type SessionPolicy,
} from './sessions.service';
// For every sign-in path (the passkey log-in included): finish it (session or second step) and record it.
export {
  finishSignIn,
  type FinishSignIn,
  recordSignIn,
  resetTwoStep,
  revokeOwnSession,
  totpEnabled,
  type SignInContext,
  type SignInRecord,
} from './security.service';
// Security alerts to every verified contact (ADR 0028), e.g. a cancellation requested (profile).
export { alertSecurityEvent, type AlertContext } from './security.service';
// Account erasure (profile/cancellation.service): the security centre's rows of a user.
export { deleteSecurityData } from './security.repository';
// The back office's user page: a user's open sessions.
export { listOpenSessions } from './security.repository';
// The back office (modules/admin) reuses the customers' building blocks for its staff: the
// same-origin rule of cookie sessions, argon2id, the log-in back-off, and TOTP (secret, window
// and replay rule, encryption at rest).
export { isSameOrigin as isSameOriginRequest } from './auth.plugin';
export { hashPassword, verifyDummy, verifyPassword } from './passwords';
export { beginPasswordAttempt, type PasswordAttempt } from './login-throttle';
export { matchTotpStep, newTotpEnrolment } from './security.service';
export { decryptSecret, encryptSecret } from './totp-crypto';
// Sign-up, in two steps around what the sign-up flow adds to it (flows/sign-up-with-referral.ts).
export { type AuthContext, type CheckedSignup, checkSignup, createAccount } from './auth.service';
// The composition's memo of live sessions (composition/plugins/memos.ts): its channel and type.
export { SESSION_MEMO_CHANNEL, type SessionMemo } from './sessions.service';
// Who signed in from the same address (the back office's self-referral check on payouts).
export { usersSharingSessionAddress } from './sessions.repository';
