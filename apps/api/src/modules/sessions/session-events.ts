import { type FastifyBaseLogger } from 'fastify';
import { type ConnectionSessionRow } from './sessions.tables';

// What happens to connection records, for the parts of the module that react to it (the access
// alerts and the security alarm, access-alerts.ts) without the connect check waiting for them:
// the check writes the record, answers, and the listeners run after it; a listener that fails is
// logged and does not touch the answer or the other listeners. One per app (app.sessionEvents).

export type SessionRecordedListener = (row: ConnectionSessionRow) => Promise<void>;

export interface SessionEvents {
  /** a record was written: a session opened (LIVE) or an attempt refused (REFUSED) */
  recorded(row: ConnectionSessionRow): void;
  onRecorded(listener: SessionRecordedListener): void;
  /** resolves when every listener started so far has finished (tests, shutdown) */
  settled(): Promise<void>;
}

export function createSessionEvents(log: Pick<FastifyBaseLogger, 'error'>): SessionEvents {
  const listeners: SessionRecordedListener[] = [];
  const running = new Set<Promise<void>>();
  return {
    recorded(row) {
      for (const listener of listeners) {
        const run = listener(row)
          .catch((err: unknown) => log.error({ err, sessionId: row.id }, 'a connection record listener failed'))
          .finally(() => running.delete(run));
        running.add(run);
      }
    },
    onRecorded(listener) {
      listeners.push(listener);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
