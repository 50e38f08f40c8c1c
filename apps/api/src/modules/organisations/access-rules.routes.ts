import {
  ZOrgAccessExplainQuery,
  ZOrgAccessExplanation,
  ZOrgAccessRule,
  ZOrgAccessRuleCreateRequest,
  ZOrgAccessRuleDeleteRequest,
  ZOrgAccessRuleListQuery,
  ZOrgAccessRulePage,
  ZOrgAccessRuleUpdateRequest,
  ZOrgMemberReachPage,
  ZOrgMemberReachQuery,
  ZOrgWhoCanReachPage,
  ZOrgWhoCanReachQuery,
} from '@llk/contracts';
import { type FastifyInstance, type onRequestHookHandler, type preHandlerHookHandler } from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import {
  changeAccessRule,
  createAccessRule,
  explainAccess,
  listAccessRules,
  memberReach,
  removeAccessRule,
  whoCanReach,
} from './access-rules.service';
import { orgCaller, orgOf } from './org-guard';

// The /org/accessRule/* and /org/access/* routes (ADR 0046), registered by organisationRoutes with its guard.

type TAccessRoute =
  | 'POST /org/accessRule/create'
  | 'POST /org/accessRule/update'
  | 'POST /org/accessRule/delete'
  | 'GET /org/accessRule/list'
  | 'GET /org/access/explain'
  | 'GET /org/access/whoCanReach'
  | 'GET /org/access/memberReach';

type TGuard = (route: TAccessRoute) => { onRequest: onRequestHookHandler; preHandler: preHandlerHookHandler };

const NOT_FOUND =
  'Somebody who is not an active member of the organisation gets ORG_NOT_FOUND (404); a member whose role lacks what the route ' +
  'needs ORG_PERMISSION_DENIED (403). A department admin finds no device, group or rule until their scope covers device groups.';
const SPECIFIC =
  'The most specific rule wins: the nearest object (the device, then its own group, then the groups above it whose rule ' +
  'includes the sub-tree), then the nearest subject (the member, then their department, then the departments above it whose ' +
  'rule includes the sub-tree, then their role). No rule, no access; a disabled member and a device that is not ACTIVE reach nothing.';

export function accessRuleRoutes(app: FastifyInstance, guard: TGuard): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organisations'];

  typed.post(
    '/org/accessRule/create',
    {
      schema: {
        tags,
        summary: 'Give a member, a department or a role VIEW, CONTROL or MANAGE on a device or a device group',
        description:
          `${NOT_FOUND} Needs access.manage. One rule per subject × object: a second is ORG_ACCESS_RULE_DUPLICATE (409). ` +
          'An unknown subject is ORG_MEMBER_NOT_FOUND, ORG_DEPARTMENT_NOT_FOUND or ORG_ROLE_NOT_FOUND; an unknown object ' +
          `ORG_DEVICE_NOT_FOUND or ORG_DEVICE_GROUP_NOT_FOUND; subtree is for a department or a group only. ${SPECIFIC}`,
        body: ZOrgAccessRuleCreateRequest,
        response: envelopeResponses(ZOrgAccessRule),
      },
      ...guard('POST /org/accessRule/create'),
    },
    async (request) => ok(await createAccessRule(app.db, orgCaller(request), request.body)),
  );

  typed.post(
    '/org/accessRule/update',
    {
      schema: {
        tags,
        summary: 'Change a rule’s permission and sub-tree flags (its subject and object stay)',
        description: `${NOT_FOUND} Needs access.manage. An unknown rule is ORG_ACCESS_RULE_NOT_FOUND.`,
        body: ZOrgAccessRuleUpdateRequest,
        response: envelopeResponses(ZOrgAccessRule),
      },
      ...guard('POST /org/accessRule/update'),
    },
    async (request) => ok(await changeAccessRule(app.db, orgCaller(request), request.body)),
  );

  typed.post(
    '/org/accessRule/delete',
    {
      schema: {
        tags,
        summary: 'Delete a rule',
        description: `${NOT_FOUND} Needs access.manage. An unknown rule is ORG_ACCESS_RULE_NOT_FOUND.`,
        body: ZOrgAccessRuleDeleteRequest,
        response: envelopeResponses(z.null()),
      },
      ...guard('POST /org/accessRule/delete'),
    },
    async (request) => ok(await removeAccessRule(app.db, orgCaller(request), request.body.ruleId)),
  );

  typed.get(
    '/org/accessRule/list',
    {
      schema: {
        tags,
        summary: 'The rules, newest first, in keyset pages; by subject (subjectType + subjectId) or object (objectType + objectId)',
        description: `${NOT_FOUND} Needs access.manage.`,
        querystring: ZOrgAccessRuleListQuery,
        response: envelopeResponses(ZOrgAccessRulePage),
      },
      ...guard('GET /org/accessRule/list'),
    },
    async (request) => ok(await listAccessRules(app.db, orgOf(request), request.query)),
  );

  typed.get(
    '/org/access/explain',
    {
      schema: {
        tags,
        summary: 'What a member may do on a device, the rule that decides it and every rule that applied, the winner first',
        description: `${NOT_FOUND} Needs access.manage (they answer rules and members, as the rule list does). Not the organisation’s device: ORG_DEVICE_NOT_FOUND; not a member: ORG_MEMBER_NOT_FOUND. ${SPECIFIC}`,
        querystring: ZOrgAccessExplainQuery,
        response: envelopeResponses(ZOrgAccessExplanation),
      },
      ...guard('GET /org/access/explain'),
    },
    async (request) => ok(await explainAccess(app.db, orgOf(request), request.query)),
  );

  typed.get(
    '/org/access/whoCanReach',
    {
      schema: {
        tags,
        summary: 'The active members who reach a device, by user id in keyset pages (after), each with the permission and the winning rule',
        description: `${NOT_FOUND} Needs access.manage (they answer rules and members, as the rule list does). Not the organisation’s device: ORG_DEVICE_NOT_FOUND. ${SPECIFIC}`,
        querystring: ZOrgWhoCanReachQuery,
        response: envelopeResponses(ZOrgWhoCanReachPage),
      },
      ...guard('GET /org/access/whoCanReach'),
    },
    async (request) => ok(await whoCanReach(app.db, orgOf(request), request.query)),
  );

  typed.get(
    '/org/access/memberReach',
    {
      schema: {
        tags,
        summary: 'The active devices a member reaches, by device id in keyset pages (after), each with the permission and the winning rule',
        description: `${NOT_FOUND} Needs access.manage (they answer rules and members, as the rule list does). Not a member: ORG_MEMBER_NOT_FOUND. ${SPECIFIC}`,
        querystring: ZOrgMemberReachQuery,
        response: envelopeResponses(ZOrgMemberReachPage),
      },
      ...guard('GET /org/access/memberReach'),
    },
    async (request) => ok(await memberReach(app.db, orgOf(request), request.query)),
  );
}
