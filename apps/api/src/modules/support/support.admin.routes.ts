import {
  ZAdminIdParams,
  ZAdminSupportAssignRequest,
  ZAdminSupportPage,
  ZAdminSupportQuery,
  ZAdminSupportReplyRequest,
  ZAdminSupportStateRequest,
  ZAdminSupportThread,
} from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { assignForStaff, replyForStaff, setStateForStaff, threadForStaff, threadsForStaff } from './support.admin.service';
import { actorOf } from '../../infrastructure/http/staff';

// The support inbox (permission support.manage: SUPPORT, FINANCE, OWNER).

const permission = 'support.manage' as const;
const tags = ['admin'];

export const supportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/support',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Support threads (contact-form messages and invoice requests), newest first, by state, topic and assignee (me, none or a staff id), keyset-paged (permission support.manage)',
        querystring: ZAdminSupportQuery,
        response: envelopeResponses(ZAdminSupportPage),
      },
    },
    async (request) => ok(await threadsForStaff(app.db, actorOf(request), request.query)),
  );
  app.get(
    '/admin/support/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One thread: the message, the answers sent, who may be assigned (permission support.manage)',
        params: ZAdminIdParams,
        response: envelopeResponses(ZAdminSupportThread),
      },
    },
    async (request) => ok(await threadForStaff(app.db, request.params.id)),
  );
  app.post(
    '/admin/support/:id/reply',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Answer a thread by email, in the language it was written in; the thread becomes ANSWERED, or CLOSED with close: true (permission support.manage)',
        description:
          'replyId is chosen by the screen: the same reply again (a second click, a retry) is stored and sent once. Audited. 50200-class DELIVERY_FAILED ' +
          '(10016) when the email adapter refused: the answer is kept, marked undelivered, and the thread keeps its state.',
        params: ZAdminIdParams,
        body: ZAdminSupportReplyRequest,
        response: envelopeResponses(ZAdminSupportThread),
      },
    },
    async (request) => ok(await replyForStaff(app.db, app.delivery, actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/admin/support/:id/assign',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Assign a thread to a staff member who holds support.manage, or to nobody (staffId null) (permission support.manage)',
        description: 'Audited. 80271 when that member cannot hold threads (another role, locked, not set up).',
        params: ZAdminIdParams,
        body: ZAdminSupportAssignRequest,
        response: envelopeResponses(ZAdminSupportThread),
      },
    },
    async (request) => ok(await assignForStaff(app.db, actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/admin/support/:id/state',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Move a thread to NEW, ANSWERED or CLOSED (permission support.manage)',
        description: 'Requires a reason (kept as the thread’s note); audited with the state before and after.',
        params: ZAdminIdParams,
        body: ZAdminSupportStateRequest,
        response: envelopeResponses(ZAdminSupportThread),
      },
    },
    async (request) => ok(await setStateForStaff(app.db, actorOf(request), request.params.id, request.body)),
  );
};
