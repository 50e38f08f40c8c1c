import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from '../../infrastructure/http/app-error';
import { checkNeed, loadMembership, type OrgCaller, type OrgMembership, type TOrgNeed } from './membership';

// The guard of every /org/* route that names an organisation (ADR 0043): after validation, it
// loads the caller's membership once for the request and checks what the route needs of it.

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireOrgPermission: the caller's active membership in the organisation the request names. */
    org?: OrgMembership;
  }
}

export function signedInUser(request: FastifyRequest): string {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user.userId;
}

function orgIdOf(request: FastifyRequest): string {
  const from = (value: unknown) =>
    value !== null && typeof value === 'object' && 'orgId' in value && typeof value.orgId === 'string' ? value.orgId : undefined;
  const orgId = from(request.body) ?? from(request.query);
  if (orgId === undefined) throw new AppError('ORG_NOT_FOUND');
  return orgId;
}

/** A preHandler: a stranger or a disabled member gets ORG_NOT_FOUND, a member without the need ORG_PERMISSION_DENIED. */
export function requireOrgPermission(app: FastifyInstance, need: TOrgNeed) {
  return async (request: FastifyRequest): Promise<void> => {
    const membership = await loadMembership(app.db, orgIdOf(request), signedInUser(request));
    checkNeed(membership, need);
    request.org = membership;
  };
}

/** The membership the guard loaded. */
export function orgOf(request: FastifyRequest): OrgMembership {
  if (!request.org) throw new AppError('ORG_NOT_FOUND');
  return request.org;
}

/** Who changes what, from where: the services' caller. */
export function orgCaller(request: FastifyRequest): OrgCaller {
  const org = orgOf(request);
  return { orgId: org.orgId, userId: org.userId, ip: request.ip };
}
