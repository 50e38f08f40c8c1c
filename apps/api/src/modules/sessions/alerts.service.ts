import { type TAccessAlert, type TAccessAlerts, type TNotifications } from '@llk/contracts';
import { fromDbBool, fromDbDate, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { listAccessAlerts, listNotifications, markNotificationsRead, upsertAccessAlert } from './alerts.repository';
import { type AccountNotificationRow, type DeviceAccessAlertRow } from './sessions.tables';

// What the alert and notification routes do: the rows in the contract's shape, the owner check.

/**
 * Whether `userId` owns the device `deviceId` (the id the device API answered): only the owner
 * hears of who connects to it. The devices module answers; composition hands the check in,
 * because devices already depends on this module (the connect check writes its records).
 */
export type DeviceOwnerCheck = (db: Db, userId: string, deviceId: string) => Promise<boolean>;

/** The header shows this many, newest first. */
export const NOTIFICATIONS_SHOWN = 50;

const alertOf = (row: DeviceAccessAlertRow): TAccessAlert => ({
  deviceId: row.device_id,
  email: fromDbBool(row.email),
  sms: fromDbBool(row.sms),
  header: fromDbBool(row.header),
});

const notificationOf = (row: AccountNotificationRow): TNotifications['items'][number] => ({
  id: row.id,
  kind: row.kind === 'ALARM' ? 'ALARM' : 'ACCESS',
  deviceId: row.device_id,
  deviceName: row.device_name,
  sessionId: row.session_id,
  who: row.who,
  country: row.country,
  attempts: row.attempts === null ? null : Number(row.attempts),
  at: fromDbDate(row.created_at).toISOString(),
  read: row.read_at !== null,
});

export async function accessAlertsOf(db: Db, userId: string): Promise<TAccessAlerts> {
  return { items: (await listAccessAlerts(db, userId)).map(alertOf) };
}

/** Sets a device's alert; a device that is not the caller's own is "not found". */
export async function setAccessAlert(
  db: Db,
  ownsDevice: DeviceOwnerCheck,
  userId: string,
  alert: TAccessAlert,
  now = new Date(),
): Promise<TAccessAlert> {
  if (!(await ownsDevice(db, userId, alert.deviceId))) throw new AppError('DEVICE_NOT_FOUND');
  await upsertAccessAlert(db, { ...alert, userId, at: toDbDate(now) });
  return { deviceId: alert.deviceId, email: alert.email, sms: alert.sms, header: alert.header };
}

export async function notificationsOf(db: Db, userId: string): Promise<TNotifications> {
  const { rows, unread } = await listNotifications(db, userId, NOTIFICATIONS_SHOWN);
  return { items: rows.map(notificationOf), unread };
}

/** Marks the caller's notifications read (those ids, or all); ids of others are left alone. */
export function readNotifications(db: Db, userId: string, ids: readonly string[] | undefined, now = new Date()): Promise<number> {
  return markNotificationsRead(db, userId, ids, toDbDate(now));
}
