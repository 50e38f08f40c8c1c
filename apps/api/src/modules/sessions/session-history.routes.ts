import { ZSessionExportQuery, ZSessionListQuery, ZSessionLive, ZSessionPage } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { AppError } from '../../infrastructure/http/app-error';
import { sessionCsvStream } from './session-csv';
import { listHistory, liveSessions, resolveHistory, type HistoryCaller } from './session-history';

// The account's connection history: the list, what runs now, and the CSV (the web's
// /account/connections). A record is the caller's when a device of the caller's took part as the
// controlled side (every session on it) or as the controlling side (its own sessions).

const VISIBLE =
  'Lists the sessions on the caller’s devices (whoever controlled them) and the sessions the caller controlled (on own or shared devices), nothing else: a recipient whose share ended keeps only its own past sessions. Records older than the plan’s history (historyDays: 7 free, 180 Pro; a device with a running MEMBER seat counts as Pro when the list is filtered to it) are not listed.';

function callerOf(request: FastifyRequest, locale = request.locale): HistoryCaller {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  const { accountMemo, planMemo } = request.server;
  return {
    userId: request.user.userId,
    locale,
    t: (key, params) => request.t(key, params),
    ...(request.headers.cookie ? { cookieHeader: request.headers.cookie } : {}),
    accountMemo,
    planMemo,
  };
}

export const sessionHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const authed = { onRequest: app.requireUser };

  app.get(
    '/session/list',
    {
      schema: {
        tags: ['sessions'],
        summary: 'The caller’s connection history, newest first, a page at a time (keyset cursor `next`)',
        description: `${VISIBLE} Filters: deviceId (either side), direction, person (the other account: its user id or part of its name), kind, since/until (days in tz, else the llk-tz cookie, the account’s zone, Asia/Shanghai), refused, live. Addresses are masked; refusalMessage is in the caller’s language.`,
        querystring: ZSessionListQuery,
        response: envelopeResponses(ZSessionPage),
      },
      ...authed,
    },
    async (request) => ok(await listHistory(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/session/live',
    {
      schema: {
        tags: ['sessions'],
        summary: 'The sessions running now on and from the caller’s devices, newest first (at most 100)',
        response: envelopeResponses(ZSessionLive),
      },
      ...authed,
    },
    async (request) => ok({ items: await liveSessions(app.db, callerOf(request)) }),
  );

  app.get(
    '/session/export',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Every record of the list’s filters as a CSV download, streamed',
        description: `${VISIBLE} Answers text/csv with content-disposition: attachment. Headers and values in \`locale\` (else Accept-Language), times on the clock of \`tz\` (else the llk-tz cookie, the account’s zone, Asia/Shanghai) with the offset, e.g. 2026-12-02 14:05 (UTC+8). Cells that start with = + - @ are prefixed with an apostrophe.`,
        querystring: ZSessionExportQuery,
        response: {
          200: { description: 'CSV file (UTF-8 with BOM)', content: { 'text/csv': { schema: z.string() } } },
          '4xx': envelopeResponses(z.null())['4xx'],
          '5xx': envelopeResponses(z.null())['5xx'],
        },
      },
      ...authed,
    },
    async (request, reply) => {
      const { locale, ...filters } = request.query;
      const caller = callerOf(request, locale ?? request.locale);
      // everything that can refuse (the account, the filters) runs before the first byte is sent
      const resolved = await resolveHistory(app.db, caller, filters);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="connections.csv"');
      // the schema says string for the OpenAPI document; Fastify pipes a stream as it is, unserialised
      return reply.send(sessionCsvStream(app.db, caller, resolved) as unknown as string);
    },
  );
};
