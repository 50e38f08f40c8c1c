import { toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type KeyValueStore } from '../../infrastructure/kv';
import { disconnectFlagKey, pendingDisconnects } from './session-disconnects';
import { recordSessions } from './session-leases';
import { keepSessionsAlive } from './sessions.repository';

// The devices module's heartbeat and the sessions: the leases it lists are renewed (the others
// end), their records' alive_at is written at most once per ALIVE_WRITE_MS (a marker in the
// store, like presence's last-seen throttle, so the common beat stays SQL-free), and the
// answer's `disconnect` lists what an owner disconnected. The heartbeat reads sessionBeatKeys
// in its own getMany, so none of this adds a round trip when there is nothing to do.

/** alive_at is written at most this often per controlling device. */
export const ALIVE_WRITE_MS = 60_000;

const aliveKey = (userId: string, deviceKey: string) => `sessions:alive:${userId}:${deviceKey}`;

/** The keys the heartbeat reads with its own, in this order: the alive throttle, the disconnect flag. */
export function sessionBeatKeys(userId: string, deviceKey: string): [string, string] {
  return [aliveKey(userId, deviceKey), disconnectFlagKey(userId)];
}

export interface SessionBeat {
  userId: string;
  deviceKey: string;
  /** the device's API id */
  deviceId: string;
  /** the devices it controls now (the heartbeat's `sessions`); undefined when not sent */
  targets: readonly string[] | undefined;
  /** sessionBeatKeys' values as read */
  read: readonly (string | null)[];
  now: Date;
}

/** Renews and keeps alive the listed sessions; answers the device's sessions to disconnect. */
export async function sessionBeat(db: Db, kv: KeyValueStore, beat: SessionBeat): Promise<string[]> {
  const [aliveRaw, flag] = beat.read;
  const writes: Promise<unknown>[] = [];
  if (beat.targets) {
    writes.push(recordSessions(kv, beat.userId, beat.deviceId, beat.targets, beat.now));
    const lastWrite = aliveRaw ? Number(aliveRaw) : null;
    if (beat.targets.length > 0 && (lastWrite === null || !(beat.now.getTime() - lastWrite < ALIVE_WRITE_MS))) {
      writes.push(
        keepSessionsAlive(db, beat.deviceId, beat.targets, toDbDate(beat.now)),
        kv.set(aliveKey(beat.userId, beat.deviceKey), String(beat.now.getTime()), ALIVE_WRITE_MS),
      );
    }
  }
  const [disconnect] = await Promise.all([pendingDisconnects(kv, beat.userId, beat.deviceId, flag ?? null, beat.now), ...writes]);
  return disconnect;
}
