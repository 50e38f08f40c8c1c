import { z } from './zod';
import { ZBooleanParam, ZConnectRefusal, ZText, ZTimeZoneParam } from './devices';
import { ZClientType } from './enums';
import { locales } from './locales';
import { V } from './rules';

// Connection records and live sessions. An allowed POST /device/connectCheck opens a record and
// answers its sessionId; a refused one is recorded too. The apps (Authorization: token) report
// what happens with /session/update, /session/end, /session/fileTransfer and /session/note; each
// call is idempotent per sessionId and event, and a session that is neither the caller's nor on
// the caller's device answers CONNECTION_NOT_FOUND. The web lists the history, streams it as CSV,
// shows what runs now and disconnects it (the app learns it from its next heartbeat's
// `disconnect`). Times are UTC ISO 8601 strings; bytes and sizes are integers.

/** What the session is, as the apps say: full control, view only, file transfer, a terminal. */
export const ZSessionKind = z.enum(['CONTROL', 'VIEW', 'FILE_TRANSFER', 'TERMINAL']);
export type TSessionKind = z.infer<typeof ZSessionKind>;

/** The right the session ran with: OWN (both devices are the account's) or the share's permission. */
export const ZSessionPermission = z.enum(['OWN', 'VIEW', 'CONTROL', 'MANAGE']);
export type TSessionPermission = z.infer<typeof ZSessionPermission>;

/** How a session ended. The apps report the first four; the API sets LOST (its leases lapsed) and DISCONNECTED_BY_OWNER. */
export const ZSessionEndReason = z.enum(['NORMAL', 'CLOSED_BY_REMOTE', 'NETWORK', 'ERROR', 'LOST', 'DISCONNECTED_BY_OWNER']);
export type TSessionEndReason = z.infer<typeof ZSessionEndReason>;
export const ZAppSessionEndReason = ZSessionEndReason.extract(['NORMAL', 'CLOSED_BY_REMOTE', 'NETWORK', 'ERROR']);

/** LIVE: running; ENDED: closed (see endReason); REFUSED: connectCheck said no (see refusal). */
export const ZSessionStatus = z.enum(['LIVE', 'ENDED', 'REFUSED']);
export type TSessionStatus = z.infer<typeof ZSessionStatus>;

/** The caller's side: INCOMING to one of its devices, OUTGOING from one, BETWEEN_OWN when both are its own. */
export const ZSessionDirection = z.enum(['INCOMING', 'OUTGOING', 'BETWEEN_OWN']);
export type TSessionDirection = z.infer<typeof ZSessionDirection>;

/** Longest note, in characters. */
export const SESSION_NOTE_MAX = 500;
/** Access alerts for one device: at most this many sent in an hour (the rest are counted, not sent). */
export const ACCESS_ALERTS_PER_HOUR = 6;
/** The security alarm: this many refused attempts on one device from one account or one address… */
export const ALARM_REFUSED_ATTEMPTS = 10;
/** …within this many minutes. */
export const ALARM_WINDOW_MINUTES = 10;

const ZSessionId = ZText(1, 64);
const ZBytes = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

// ---- What the apps report ------------------------------------------------------------------

/** POST /session/update: the session is alive; what changed since (kind, bytes so far). */
export const ZSessionUpdateRequest = z.object({
  sessionId: ZSessionId,
  kind: ZSessionKind.optional(),
  durationSeconds: z
    .number()
    .int()
    .min(0)
    .max(31 * 24 * 3600)
    .optional(),
  bytes: ZBytes.optional(),
});
export type TSessionUpdateRequest = z.infer<typeof ZSessionUpdateRequest>;

/** POST /session/end: the first end counts; a repeated end answers the record as it is. */
export const ZSessionEndRequest = z.object({
  sessionId: ZSessionId,
  reason: ZAppSessionEndReason,
  durationSeconds: z
    .number()
    .int()
    .min(0)
    .max(31 * 24 * 3600)
    .optional(),
  bytes: ZBytes.optional(),
});
export type TSessionEndRequest = z.infer<typeof ZSessionEndRequest>;

/** POST /session/fileTransfer: one file sent (to the controlled device) or received (from it). */
export const ZSessionFileRequest = z.object({
  sessionId: ZSessionId,
  /** the app's own id for this transfer; a repeat with the same id is the same file (else name, size and hash decide) */
  eventId: ZText(1, 64).optional(),
  direction: z.enum(['SENT', 'RECEIVED']),
  name: ZText(1, 255),
  sizeBytes: ZBytes,
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, { error: V.invalidValue })
    .optional(),
});
export type TSessionFileRequest = z.infer<typeof ZSessionFileRequest>;

/** POST /session/note: the caller's side's note on the session (a repeat replaces it). */
export const ZSessionNoteRequest = z.object({ sessionId: ZSessionId, text: ZText(1, SESSION_NOTE_MAX) });
export type TSessionNoteRequest = z.infer<typeof ZSessionNoteRequest>;

/** POST /session/disconnect (web): the owner of the controlled device (or the controlling account) ends a live session. */
export const ZSessionDisconnectRequest = z.object({ sessionId: ZSessionId });

/** What /session/update, /session/end, /session/fileTransfer, /session/note and /session/disconnect answer. */
export const ZSessionAnswer = z.object({ sessionId: z.string(), status: ZSessionStatus });
export type TSessionAnswer = z.infer<typeof ZSessionAnswer>;

// ---- What people see -----------------------------------------------------------------------

const ZSessionSide = z.object({
  /** the device's API id; null once removed from the account or erased */
  deviceId: z.string().nullable(),
  /** the device's name when the session started */
  deviceName: z.string(),
  clientType: ZClientType,
  appVersion: z.string().nullable(),
  /** the account; null once erased (name then says so) */
  userId: z.string().nullable(),
  userName: z.string(),
  /** the caller's own side (or both when BETWEEN_OWN) */
  mine: z.boolean(),
  /** masked (203.0.113.x, 2001:db8:…); null when unknown or erased */
  address: z.string().nullable(),
  /** ISO 3166 alpha-2; null when unknown */
  country: z.string().nullable(),
});

export const ZSessionFile = z.object({
  direction: z.enum(['SENT', 'RECEIVED']),
  name: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string().nullable(),
  at: z.string(),
});
export type TSessionFile = z.infer<typeof ZSessionFile>;

export const ZSessionNote = z.object({ side: z.enum(['CONTROLLER', 'CONTROLLED']), text: z.string(), at: z.string() });

export const ZSessionRecord = z.object({
  id: z.string(),
  status: ZSessionStatus,
  direction: ZSessionDirection,
  kind: ZSessionKind,
  permission: ZSessionPermission,
  /** the controlling side */
  from: ZSessionSide,
  /** the controlled side */
  to: ZSessionSide,
  startedAt: z.string(),
  /** null while live or when refused */
  endedAt: z.string().nullable(),
  /** the duration the app reported, else end − start; null while live or when refused */
  durationSeconds: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  endReason: ZSessionEndReason.nullable(),
  /** who disconnected it (DISCONNECTED_BY_OWNER) */
  endedBy: z.object({ userId: z.string().nullable(), name: z.string() }).nullable(),
  refusal: ZConnectRefusal.nullable(),
  /** the refusal in the caller's language */
  refusalMessage: z.string().nullable(),
  files: z.array(ZSessionFile),
  notes: z.array(ZSessionNote),
  /** a security alarm was raised by this refused attempt (the threshold was passed here) */
  alarm: z.boolean(),
});
export type TSessionRecord = z.infer<typeof ZSessionRecord>;

/** Keyset cursor: the last row's startedAt and id. */
const ZSessionCursor = z.string().regex(/^[0-9TZ:.+-]{10,40}~[A-Za-z0-9_-]{1,64}$/, { error: V.invalidValue });

/** GET /session/list: newest first, within the plan's history (see historyDays). */
export const ZSessionListQuery = z.object({
  /** a device of the caller's (own or shared): sessions it took part in */
  deviceId: ZText(1, 64).optional(),
  direction: z.enum(['INCOMING', 'OUTGOING']).optional(),
  /** the other side's account: part of its name, or its user id */
  person: ZText(1, 64).optional(),
  kind: ZSessionKind.optional(),
  /** from this day (YYYY-MM-DD, in tz) */
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalidValue })
    .optional(),
  /** to this day inclusive (YYYY-MM-DD, in tz) */
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalidValue })
    .optional(),
  tz: ZTimeZoneParam.optional(),
  refused: ZBooleanParam.optional(),
  live: ZBooleanParam.optional(),
  before: ZSessionCursor.optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type TSessionListQuery = z.infer<typeof ZSessionListQuery>;

export const ZSessionPage = z.object({
  items: z.array(ZSessionRecord),
  /** the cursor of the next (older) page; null on the last */
  next: z.string().nullable(),
  /**
   * Set when the page stopped short of pageSize before the end: a device, person or kind filter
   * reads at most 2,000 records a page, and this is the start of the oldest it read (UTC ISO);
   * `next` goes on from there. Null when the page is full or the last.
   */
  searchedTo: z.string().nullable(),
  /** how far back the caller's plan shows (7 free, 180 Pro; a device's MEMBER seat counts as Pro for it) */
  historyDays: z.number().int(),
});
export type TSessionPage = z.infer<typeof ZSessionPage>;

/** GET /session/export: the list's filters, every row, as CSV in `locale` and `tz`. */
export const ZSessionExportQuery = ZSessionListQuery.omit({ before: true, pageSize: true }).extend({
  locale: z.enum(locales).optional(),
});
export type TSessionExportQuery = z.infer<typeof ZSessionExportQuery>;

/** GET /session/live: what runs now on and from the caller's devices. */
export const ZSessionLive = z.object({ items: z.array(ZSessionRecord) });
export type TSessionLive = z.infer<typeof ZSessionLive>;

// ---- Access alerts and notifications ------------------------------------------------------

/** Per device: tell the owner when someone connects, by email, SMS and in the site's header. */
export const ZAccessAlert = z.object({
  deviceId: z.string(),
  email: z.boolean(),
  sms: z.boolean(),
  header: z.boolean(),
});
export type TAccessAlert = z.infer<typeof ZAccessAlert>;
export const ZAccessAlerts = z.object({ items: z.array(ZAccessAlert) });
export type TAccessAlerts = z.infer<typeof ZAccessAlerts>;
export const ZAccessAlertSetRequest = z.object({
  deviceId: ZText(1, 64),
  email: z.boolean(),
  sms: z.boolean(),
  header: z.boolean(),
});

/** A notification in the site's header: someone connected (ACCESS) or a security alarm (ALARM). */
export const ZNotification = z.object({
  id: z.string(),
  kind: z.enum(['ACCESS', 'ALARM']),
  deviceId: z.string().nullable(),
  deviceName: z.string(),
  sessionId: z.string().nullable(),
  /** who connected, or where the refused attempts came from */
  who: z.string(),
  country: z.string().nullable(),
  /** ALARM: refused attempts counted */
  attempts: z.number().int().nullable(),
  at: z.string(),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;
export const ZNotifications = z.object({ items: z.array(ZNotification), unread: z.number().int() });
export type TNotifications = z.infer<typeof ZNotifications>;
/** POST /notification/read: the ids read; none: all of them. */
export const ZNotificationReadRequest = z.object({ ids: z.array(ZText(1, 64)).max(100).optional() });
