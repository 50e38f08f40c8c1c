import {
  ZOrgInvitation,
  ZOrgInvitationCreateRequest,
  ZOrgInvitationImportAnswer,
  ZOrgInvitationImportRequest,
  ZOrgInvitationListQuery,
  ZOrgInvitationPage,
  ZOrgInvitationPreview,
  ZOrgInvitationRequest,
  ZOrgInvitationTokenRequest,
} from '@llk/contracts';
import { type FastifyInstance, type FastifyRequest, type onRequestHookHandler, type preHandlerHookHandler } from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { orgCaller, orgOf, signedInUser } from './org-guard';
import {
  acceptInvitation,
  createInvitation,
  importInvitations,
  type InvitationDeps,
  type Inviter,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.service';

// The /org/invitation/* routes (ADR 0044), registered by organisationRoutes with its guard.

type TInvitationRoute =
  | 'POST /org/invitation/create'
  | 'GET /org/invitation/list'
  | 'POST /org/invitation/resend'
  | 'POST /org/invitation/revoke'
  | 'POST /org/invitation/import';

type TGuard = (route: TInvitationRoute) => { onRequest: onRequestHookHandler; preHandler: preHandlerHookHandler };

const NOT_FOUND =
  'Somebody who is not an active member of the organisation gets ORG_NOT_FOUND (404); a member without members.manage ' +
  'ORG_PERMISSION_DENIED (403). A department admin invites only into their departments’ sub-trees and sees only those invitations.';
const SENDS =
  'Every send counts against the caller’s and the organisation’s hourly and daily quota (an import its rows): over it, ' +
  'RATE_LIMITED (429, Retry-After) and nothing is made. A phone whose SMS route has no invitation template: ORG_INVITATION_SMS_UNAVAILABLE.';
const GRANT =
  'Nobody invites into a role holding a permission they lack (ORG_ROLE_TOO_HIGH), only an owner invites owners, and a department ' +
  'admin is made with setRole after joining (ORG_INVITATION_ROLE_SCOPED).';

export function invitationRoutes(app: FastifyInstance, guard: TGuard): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organisations'];
  const deps = (request: FastifyRequest): InvitationDeps => ({
    db: app.db,
    delivery: app.delivery,
    webOrigin: app.config.webOrigin,
    onSendError: (error) => request.log.warn({ err: error }, 'organisation invitation not delivered'),
    kv: app.kv,
    limits: app.config.orgSends,
  });
  const inviter = (request: FastifyRequest): Inviter => ({ ...orgCaller(request), locale: request.locale });

  typed.post(
    '/org/invitation/create',
    {
      schema: {
        tags,
        summary: 'Invite somebody by email or phone into a role (and a department); the link goes out at once',
        description:
          `${NOT_FOUND} ${GRANT} A member already is ORG_ALREADY_MEMBER; a pending invitation to the same address is ` +
          'ORG_INVITATION_PENDING (send that one again). ' +
          SENDS,
        body: ZOrgInvitationCreateRequest,
        response: envelopeResponses(ZOrgInvitation),
      },
      ...guard('POST /org/invitation/create'),
    },
    async (request) => ok(await createInvitation(deps(request), inviter(request), request.body)),
  );

  typed.get(
    '/org/invitation/list',
    {
      schema: {
        tags,
        summary: 'Invitations, newest first, in keyset pages; by status (a pending one past its expiry reads EXPIRED)',
        description: NOT_FOUND,
        querystring: ZOrgInvitationListQuery,
        response: envelopeResponses(ZOrgInvitationPage),
      },
      ...guard('GET /org/invitation/list'),
    },
    async (request) => ok(await listInvitations(app.db, orgOf(request), request.query)),
  );

  typed.post(
    '/org/invitation/resend',
    {
      schema: {
        tags,
        summary: 'Send a pending invitation again, with a new link good for seven more days (at most once a minute)',
        description: `${NOT_FOUND} Within a minute of the last send: ORG_INVITATION_TOO_SOON (429, Retry-After). Not pending: ORG_INVITATION_CLOSED. ${SENDS}`,
        body: ZOrgInvitationRequest,
        response: envelopeResponses(ZOrgInvitation),
      },
      ...guard('POST /org/invitation/resend'),
    },
    async (request) => ok(await resendInvitation(deps(request), inviter(request), request.body.invitationId)),
  );

  typed.post(
    '/org/invitation/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a pending invitation: its link stops working',
        description: `${NOT_FOUND} Not pending: ORG_INVITATION_CLOSED.`,
        body: ZOrgInvitationRequest,
        response: envelopeResponses(z.null()),
      },
      ...guard('POST /org/invitation/revoke'),
    },
    async (request) => ok(await revokeInvitation(app.db, orgCaller(request), request.body.invitationId)),
  );

  typed.post(
    '/org/invitation/import',
    {
      schema: {
        tags,
        summary: 'Invite from a CSV file (email or phone, role, department): every row answered',
        description:
          `${NOT_FOUND} ${GRANT} Up to 1,000 rows (ORG_INVITATION_IMPORT_TOO_LARGE); the header names the columns ` +
          '(ORG_INVITATION_IMPORT_HEADER). role: an id, a built-in code or a role’s name; department: an id or the path of names ' +
          'from the root, Sales/EMEA (a / inside a name written \\/; a path two departments answer to is ORG_INVITATION_DEPARTMENT_AMBIGUOUS). Each row: INVITED, ALREADY_MEMBER, ALREADY_INVITED, or INVALID with the reason in the caller’s language. ' +
          SENDS,
        body: ZOrgInvitationImportRequest,
        response: envelopeResponses(ZOrgInvitationImportAnswer),
      },
      ...guard('POST /org/invitation/import'),
    },
    async (request) => ok(await importInvitations(deps(request), inviter(request), request.body.csv)),
  );

  typed.get(
    '/org/invitation/preview',
    {
      schema: {
        tags,
        summary: 'What an invitation link offers: the organisation and the role (public, for the accept page)',
        description: 'An unknown, used, revoked or expired token is ORG_INVITATION_INVALID.',
        querystring: ZOrgInvitationTokenRequest,
        response: envelopeResponses(ZOrgInvitationPreview),
      },
    },
    async (request) => ok(await previewInvitation(app.db, request.query.token)),
  );

  typed.post(
    '/org/invitation/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: join with its role and department',
        description:
          'Signed in. The caller’s verified email or phone must be the invitation’s (ORG_INVITATION_NOT_YOURS); an invalid link is ' +
          'ORG_INVITATION_INVALID, a member already ORG_ALREADY_MEMBER. Of parallel accepts exactly one joins.',
        body: ZOrgInvitationTokenRequest,
        response: envelopeResponses(z.object({ orgId: z.string() })),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await acceptInvitation(app.db, { userId: signedInUser(request), ip: request.ip }, request.body.token)),
  );
}
