// The auth module's public surface: other modules import only this file.
export { type ActiveSession, createSession, endUserSessions, isSessionLive, purgeDeadSessions, type SessionClient, type SessionPolicy } from './sessions.service';
