// The sessions module's public surface: connection records and the session leases. The devices
// module's connect check and heartbeat, the account erasure and app.ts's wiring import only this file.
export { acquireSession, SESSION_MS, type SessionLease } from './session-leases';
export {
  forgetRecordedDevices,
  openSession,
  refuseSession,
  pseudonymiseConnectionRecords,
  type SessionSide,
  type SessionStart,
} from './session-life';
export { sessionBeat, sessionBeatKeys } from './session-beat';
export { createSessionEvents, type SessionEvents, type SessionRecordedListener } from './session-events';
export { type ConnectionSessionRow } from './sessions.tables';
export { sweepLostSessions, removeExpiredSessions } from './session-life';
// The account's history as people read it (GET /session/list, /session/live, /session/export).
export { listHistory, liveSessions, type HistoryCaller } from './session-history';
// Account erasure: the account's access-alert settings and header notifications.
export { deleteAlertsOfUser } from './alerts.repository';
