import fp from 'fastify-plugin';
import { createSessionEvents, type SessionEvents } from './session-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** Connection records written (opened or refused): the access alerts listen (session-events.ts). */
    sessionEvents: SessionEvents;
  }
}

/** The app's one SessionEvents, before any route: the connect check emits, the alerts' routes subscribe. */
export const sessionsPlugin = fp(
  async (app) => {
    const events = createSessionEvents(app.log);
    app.decorate('sessionEvents', events);
    // listeners still running finish before the database closes under them
    app.addHook('onClose', async () => events.settled());
  },
  { name: 'sessions' },
);
