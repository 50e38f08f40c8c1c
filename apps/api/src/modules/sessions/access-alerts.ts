import { ACCESS_ALERTS_PER_HOUR, ALARM_REFUSED_ATTEMPTS, ALARM_WINDOW_MINUTES, isLocale, type TLocale } from '@llk/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { fromDbBool, fromDbDate, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type Delivery } from '../../infrastructure/delivery';
import { type KeyValueStore } from '../../infrastructure/kv';
import { accountZone } from '../../infrastructure/time-text';
import { regionName } from '../location';
import { findUserById, findUserNames, verifiedContacts } from '../users';
import { renderAccessAlert, renderAlarm } from './alert-texts';
import {
  countRefusedAttempts,
  findAccessAlert,
  insertNotification,
  markSessionAlarm,
  recentAlarmKeys,
  setNotificationDelivery,
} from './alerts.repository';
import { type SessionRecordedListener } from './session-events';
import { type ConnectionSessionRow } from './sessions.tables';

// The access alerts and the security alarm: they react to each connection record after the
// connect check has answered (session-events.ts), so a slow mail provider never slows a session.
// Times come from the record, never from the wall clock, so a test replays a burst without sleeping.

export interface AlertDeps {
  db: Db;
  kv: KeyValueStore;
  delivery: Delivery;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const HOUR_MS = 3_600_000;
const WINDOW_MS = ALARM_WINDOW_MINUTES * 60_000;

/** The account's language as it last used the site; the emails it gets without asking are written in it. */
const localeKey = (userId: string) => `sessions:owner-locale:${userId}`;

/**
 * Remembers the language an owner reads the site in (their settings and their header's
 * notifications are asked in it): an alert is sent while the owner is not the one asking, so the
 * request that causes it (the other side's connect check) says nothing about the owner's language.
 */
export async function rememberOwnerLocale(kv: KeyValueStore, userId: string, locale: TLocale): Promise<void> {
  const key = localeKey(userId);
  if ((await kv.get(key)) !== locale) await kv.set(key, locale);
}

async function ownerLocale(kv: KeyValueStore, userId: string): Promise<TLocale> {
  const stored = await kv.get(localeKey(userId)).catch(() => null);
  return isLocale(stored) ? stored : 'zh-CN';
}

/** The controlling account as the owner knows it: its nickname, else its username, else the device's name. */
async function controllerName(db: Db, row: ConnectionSessionRow): Promise<string> {
  if (!row.controller_user_id) return row.from_device_name;
  const [user] = await findUserNames(db, [row.controller_user_id]);
  return user?.nickname || user?.username || row.from_device_name;
}

/** An address as the owner may see it: the last part of IPv4 and all but the first three groups of IPv6 hidden. */
export function maskAddress(ip: string): string {
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}:*`;
  const parts = ip.split('.');
  return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.*` : ip;
}

type TChannelDelivery = 'sent' | 'quiet' | 'off' | 'failed';

/** The listener app.sessionEvents calls with every record (composition subscribes it). */
export function accessAlertsListener(deps: AlertDeps): SessionRecordedListener {
  return async (row) => {
    if (!row.to_device_id || !row.owner_user_id) return;
    if (row.status === 'LIVE') await alertAccess(deps, row, row.to_device_id, row.owner_user_id);
    else if (row.status === 'REFUSED') await checkAlarm(deps, row, row.to_device_id, row.owner_user_id);
  };
}

async function alertAccess(deps: AlertDeps, row: ConnectionSessionRow, deviceId: string, ownerId: string): Promise<void> {
  const alert = await findAccessAlert(deps.db, deviceId);
  // the setting belongs to whoever owned the device when it was set; a device given away says nothing
  if (!alert || alert.user_id !== ownerId) return;
  const email = fromDbBool(alert.email);
  const sms = fromDbBool(alert.sms);
  const header = fromDbBool(alert.header);
  if (!email && !sms && !header) return;

  const at = fromDbDate(row.started_at);
  const who = await controllerName(deps.db, row);
  const id = newId(at.getTime());
  // the notification is the once-per-session record (its dedupe index): a repeated check of the
  // same session meets it and sends nothing; with the header off it is written as already read
  const written = await insertNotification(deps.db, {
    id,
    user_id: ownerId,
    kind: 'ACCESS',
    dedupe_key: `access:${row.id}`,
    device_id: deviceId,
    device_name: row.to_device_name,
    session_id: row.id,
    who,
    country: row.from_country,
    attempts: null,
    delivery: null,
    created_at: toDbDate(at),
    read_at: header ? null : toDbDate(at),
  });
  if (!written || (!email && !sms)) return;

  // at most so many sends per device in an hour (a fixed window of the records' clock); the
  // counter is charged once per session, whatever the channels
  const hour = Math.floor(at.getTime() / HOUR_MS);
  const sent = await deps.kv.incr(`sessions:alerts:sent:${deviceId}:${hour}`, HOUR_MS);
  const quiet = sent > ACCESS_ALERTS_PER_HOUR;
  const delivery: Record<'email' | 'sms', TChannelDelivery> = { email: email ? 'quiet' : 'off', sms: sms ? 'quiet' : 'off' };
  if (!quiet) {
    const owner = await findUserById(deps.db, ownerId);
    const locale = await ownerLocale(deps.kv, ownerId);
    const timeZone = accountZone(owner);
    const country = row.from_country ? regionName(row.from_country, locale) : null;
    const texts = renderAccessAlert(locale, { who, device: row.to_device_name, country, time: at, timeZone });
    for (const to of owner ? verifiedContacts(owner) : []) {
      const channel = to.channel === 'EMAIL' ? 'email' : 'sms';
      if (delivery[channel] === 'off') continue;
      const ok = await deps.delivery.notify(
        { ...to, kind: 'DEVICE_ACCESSED', subject: texts.subject, text: to.channel === 'EMAIL' ? texts.body : texts.sms, locale, timeZone },
        (error) => deps.log.warn({ err: error, channel: to.channel, sessionId: row.id }, 'access alert not delivered'),
      );
      delivery[channel] = ok ? 'sent' : 'failed';
    }
  }
  await setNotificationDelivery(deps.db, id, JSON.stringify(delivery));
}

async function checkAlarm(deps: AlertDeps, row: ConnectionSessionRow, deviceId: string, ownerId: string): Promise<void> {
  const at = fromDbDate(row.started_at);
  const since = toDbDate(at.getTime() - WINDOW_MS);
  const until = toDbDate(at);
  const sources: Array<{ name: string; filter: { controllerUserId: string } | { ip: string } }> = [];
  if (row.controller_user_id)
    sources.push({ name: `account:${row.controller_user_id}`, filter: { controllerUserId: row.controller_user_id } });
  if (row.from_ip) sources.push({ name: `ip:${row.from_ip}`, filter: { ip: row.from_ip } });
  if (sources.length === 0) return;

  // a burst already told of (from this account or this address) is not told again while it goes on
  const recent = await recentAlarmKeys(deps.db, ownerId, deviceId, since);
  if (recent.some((key) => sources.some((source) => key.startsWith(`alarm:${deviceId}:${source.name}:`)))) return;

  for (const source of sources) {
    const { count, first } = await countRefusedAttempts(deps.db, deviceId, source.filter, since, until);
    if (count < ALARM_REFUSED_ATTEMPTS || !first) continue;
    const who = 'ip' in source.filter ? maskAddress(source.filter.ip) : await controllerName(deps.db, row);
    const id = newId(at.getTime());
    // the burst's first attempt names it: every refusal of the same burst computes the same key,
    // so of 20 at once one writes the alarm
    const written = await insertNotification(deps.db, {
      id,
      user_id: ownerId,
      kind: 'ALARM',
      dedupe_key: `alarm:${deviceId}:${source.name}:${first}`,
      device_id: deviceId,
      device_name: row.to_device_name,
      session_id: row.id,
      who,
      country: row.from_country,
      attempts: count,
      delivery: null,
      created_at: toDbDate(at),
      read_at: null,
    });
    if (!written) return;
    await markSessionAlarm(deps.db, row.id);
    await sendAlarm(deps, ownerId, id, { who, device: row.to_device_name, attempts: count, at });
    return;
  }
}

/** The alarm's email: always, whatever the device's alert setting (an alarm cannot be switched off). */
async function sendAlarm(
  deps: AlertDeps,
  ownerId: string,
  notificationId: string,
  values: { who: string; device: string; attempts: number; at: Date },
): Promise<void> {
  const owner = await findUserById(deps.db, ownerId);
  const contact = owner ? verifiedContacts(owner).find((to) => to.channel === 'EMAIL') : undefined;
  let email: TChannelDelivery = 'off';
  if (owner && contact) {
    const locale = await ownerLocale(deps.kv, ownerId);
    const timeZone = accountZone(owner);
    const texts = renderAlarm(locale, { ...values, minutes: ALARM_WINDOW_MINUTES, time: values.at, timeZone });
    const ok = await deps.delivery.notify(
      { ...contact, kind: 'CONNECTION_ALARM', subject: texts.subject, text: texts.body, locale, timeZone },
      (error) => deps.log.warn({ err: error, notificationId }, 'security alarm not delivered'),
    );
    email = ok ? 'sent' : 'failed';
  }
  await setNotificationDelivery(deps.db, notificationId, JSON.stringify({ email, sms: 'off' }));
}
