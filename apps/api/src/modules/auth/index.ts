// The auth module's public surface: other modules import only this file.
export { type ActiveSession, createSession, endUserSessions, findLiveSessionById, isSessionLive, purgeDeadSessions, type SessionClient, type SessionPolicy } from './sessions.service';
// For every sign-in path (the passkey log-in included): finish it (session or second step) and record it.
export { finishSignIn, type FinishSignIn, recordSignIn, resetTwoStep, revokeOwnSession, totpEnabled, type SignInContext, type SignInRecord } from './security.service';
// Account erasure (profile/cancellation.service): the security centre's rows of a user.
export { deleteSecurityData } from './security.repository';
// The back office's user page: a user's open sessions.
export { listOpenSessions } from './security.repository';
