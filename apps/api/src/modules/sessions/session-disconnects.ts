import { type KeyValueStore } from '../../infrastructure/kv';
import { type ConnectionSessionRow } from './sessions.tables';

// A disconnect from the web reaches the apps through their heartbeats: the session's id is
// queued for both devices (a sorted set per account, member "<device>|<session>", scored by
// when it stops being announced) and every heartbeat of that device answers it in `disconnect`
// for DISCONNECT_ANNOUNCE_MS, so a lost answer is repeated. A flag per account, read in the
// heartbeat's one getMany, says whether there is anything queued at all: the common beat makes
// no round trip for it.

/** How long a disconnect is announced in the device's heartbeats. */
export const DISCONNECT_ANNOUNCE_MS = 5 * 60_000;

const queueKey = (userId: string) => `sessions:disconnect:${userId}`;
/** The heartbeat reads this key beside its own: present while the account has disconnects queued. */
export const disconnectFlagKey = (userId: string) => `sessions:disconnect-flag:${userId}`;

/** Queues a disconnected session for both of its devices' next heartbeats. */
export async function queueDisconnect(
  kv: KeyValueStore,
  row: Pick<ConnectionSessionRow, 'id' | 'owner_user_id' | 'controller_user_id' | 'from_device_id' | 'to_device_id'>,
  now: Date,
): Promise<void> {
  const sides = [
    [row.controller_user_id, row.from_device_id],
    [row.owner_user_id, row.to_device_id],
  ] as const;
  const until = now.getTime() + DISCONNECT_ANNOUNCE_MS;
  await Promise.all(
    sides.map(async ([userId, deviceId]) => {
      if (!userId || !deviceId) return;
      await kv.scoreSet(queueKey(userId), `${deviceId}|${row.id}`, until, DISCONNECT_ANNOUNCE_MS);
      await kv.set(disconnectFlagKey(userId), '1', DISCONNECT_ANNOUNCE_MS);
    }),
  );
}

/** The sessions of `deviceId` to announce now; `flag` is disconnectFlagKey's value as the heartbeat read it. */
export async function pendingDisconnects(
  kv: KeyValueStore,
  userId: string,
  deviceId: string,
  flag: string | null,
  now: Date,
): Promise<string[]> {
  if (flag === null) return [];
  const prefix = `${deviceId}|`;
  const members = await kv.membersAbove(queueKey(userId), now.getTime());
  return members
    .filter((member) => member.startsWith(prefix))
    .map((member) => member.slice(prefix.length))
    .sort();
}
