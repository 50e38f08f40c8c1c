import { type Db } from '../../infrastructure/db/schema';
import { toCount, toDbBool, touchedRows } from '../../infrastructure/db/dialect';
import { type AccountNotificationRow, type AccountNotificationsTable, type DeviceAccessAlertRow, sessionsTables } from './sessions.tables';

// Access alerts, the header's notifications and what the security alarm reads of the connection
// records. The dedupe index of account_notifications is what makes one notification per session
// (and one alarm per burst): an insert that meets it does nothing and says so.

/** The alert setting of one device, or undefined when nobody asked to hear of it. */
export function findAccessAlert(db: Db, deviceId: string): Promise<DeviceAccessAlertRow | undefined> {
  return sessionsTables(db).selectFrom('device_access_alerts').selectAll().where('device_id', '=', deviceId).executeTakeFirst();
}

/** The caller's alert settings, one per device they set one on. */
export function listAccessAlerts(db: Db, userId: string): Promise<DeviceAccessAlertRow[]> {
  return sessionsTables(db).selectFrom('device_access_alerts').selectAll().where('user_id', '=', userId).orderBy('device_id').execute();
}

/** Sets (or replaces) a device's alert; the owner is checked by the caller. */
export async function upsertAccessAlert(
  db: Db,
  alert: { deviceId: string; userId: string; email: boolean; sms: boolean; header: boolean; at: string },
): Promise<void> {
  const values = {
    user_id: alert.userId,
    email: toDbBool(alert.email),
    sms: toDbBool(alert.sms),
    header: toDbBool(alert.header),
    updated_at: alert.at,
  };
  await sessionsTables(db)
    .insertInto('device_access_alerts')
    .values({ device_id: alert.deviceId, ...values })
    .onConflict((oc) => oc.column('device_id').doUpdateSet(values))
    .execute();
}

/** Writes a notification unless one with its dedupe key exists for the user; true when written. */
export async function insertNotification(db: Db, row: AccountNotificationsTable): Promise<boolean> {
  const result = await sessionsTables(db)
    .insertInto('account_notifications')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** What went out besides the header (JSON { email, sms }). */
export async function setNotificationDelivery(db: Db, id: string, delivery: string): Promise<void> {
  await sessionsTables(db).updateTable('account_notifications').set({ delivery }).where('id', '=', id).execute();
}

/** The user's newest notifications and how many of all of them are unread. */
export async function listNotifications(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ rows: AccountNotificationRow[]; unread: number }> {
  const t = sessionsTables(db);
  const [rows, unread] = await Promise.all([
    t
      .selectFrom('account_notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    t
      .selectFrom('account_notifications')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return { rows, unread: toCount(unread?.n) };
}

/** Marks the user's notifications read: those ids, or all of them; answers how many changed. */
export async function markNotificationsRead(db: Db, userId: string, ids: readonly string[] | undefined, at: string): Promise<number> {
  let query = sessionsTables(db)
    .updateTable('account_notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) {
    if (ids.length === 0) return 0;
    query = query.where('id', 'in', ids);
  }
  return touchedRows(await query.executeTakeFirst());
}

/**
 * Refused attempts on a device since `since` (inclusive) from one source, the controlling account
 * or the address, with the earliest of them: the burst's start names its alarm.
 */
export async function countRefusedAttempts(
  db: Db,
  deviceId: string,
  source: { controllerUserId: string } | { ip: string },
  since: string,
  until: string,
): Promise<{ count: number; first: string | null }> {
  let query = sessionsTables(db)
    .selectFrom('connection_sessions')
    .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.min('started_at').as('first')])
    .where('to_device_id', '=', deviceId)
    .where('started_at', '>=', since)
    .where('started_at', '<=', until)
    .where('status', '=', 'REFUSED');
  query = 'ip' in source ? query.where('from_ip', '=', source.ip) : query.where('controller_user_id', '=', source.controllerUserId);
  const row = await query.executeTakeFirst();
  return { count: toCount(row?.n), first: row?.first ?? null };
}

/** The dedupe keys of a device's alarms raised since `since` (a burst already told of). */
export async function recentAlarmKeys(db: Db, userId: string, deviceId: string, since: string): Promise<string[]> {
  const rows = await sessionsTables(db)
    .selectFrom('account_notifications')
    .select('dedupe_key')
    .where('user_id', '=', userId)
    .where('kind', '=', 'ALARM')
    .where('device_id', '=', deviceId)
    .where('created_at', '>=', since)
    .execute();
  return rows.map((row) => row.dedupe_key);
}

/** The refused attempt that passed the threshold: the history shows it as the alarm. */
export async function markSessionAlarm(db: Db, sessionId: string): Promise<void> {
  await sessionsTables(db).updateTable('connection_sessions').set({ alarm: 1 }).where('id', '=', sessionId).execute();
}

/** An erased account's alert settings and notifications (who connected to its devices, from where) go with it. */
export async function deleteAlertsOfUser(db: Db, userId: string): Promise<void> {
  const t = sessionsTables(db);
  await t.deleteFrom('device_access_alerts').where('user_id', '=', userId).execute();
  await t.deleteFrom('account_notifications').where('user_id', '=', userId).execute();
}
