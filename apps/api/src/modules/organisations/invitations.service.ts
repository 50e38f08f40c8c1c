import { createHash, randomBytes } from 'node:crypto';
import {
  maskEmail,
  maskPhone,
  normalizePhone,
  ORG_INVITATION_IMPORT_MAX,
  ORG_INVITATION_RESEND_SECONDS,
  ORG_INVITATION_TTL_DAYS,
  type TLocale,
  type TOrgInvitation,
  type TOrgInvitationChannel,
  type TOrgInvitationCreateRequest,
  type TOrgInvitationImportAnswer,
  type TOrgInvitationListQuery,
  type TOrgInvitationPage,
  type TOrgInvitationPreview,
  translate,
  ZEmail,
  ZPhone,
} from '@llk/contracts';
import { fromDbDate, isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type Delivery } from '../../infrastructure/delivery';
import { AppError } from '../../infrastructure/http/app-error';
import { hitLimit } from '../../infrastructure/http/rate-limit';
import { type KeyValueStore } from '../../infrastructure/kv';
import { findUserById, findUserByMobile, findUserByVerifiedEmail, findUserNames, markContactVerified, verifiedContacts } from '../users';
import { renderInvitation } from './invitation-texts';
import {
  expireOverdue,
  findInvitation,
  findInvitationByTokenHash,
  insertImportAuditRows,
  insertInvitations,
  listInvitationsPage,
  markAccepted,
  pendingTargets,
  updateInvitation,
} from './invitations.repository';
import {
  changeInOrg,
  inScope,
  type OrgCaller,
  type OrgMembership,
  recordOrgAuditInOrder,
  roleIsScoped,
  rolePermissions,
} from './membership';
import { cursorOf, parseCursor } from './org-cursor';
import {
  findDepartment,
  findMember,
  findOrganisation,
  findRole,
  insertMember,
  listDepartments,
  latestAuditAt,
  listRoles,
  lockOrganisation,
} from './organisations.repository';
import { type OrgDepartmentRow, type OrgInvitationRow, type OrgRoleRow } from './organisations.tables';

// Invitations into an organisation (ADR 0044): made one by one or from a CSV file, sent by email
// or SMS with a link holding a random token (only its sha256 is stored), sent again at most once
// a minute, revoked, previewed by anybody holding the link and accepted by the account whose
// verified email or phone it was sent to.

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const iso = (value: string) => fromDbDate(value).toISOString();

/** What sending needs: the delivery adapters and the web's origin for the link. */
export interface InvitationDeps {
  db: Db;
  delivery: Delivery;
  webOrigin: string;
  onSendError: (error: unknown) => void;
  /** the counters of the sending quota */
  kv: KeyValueStore;
  /** invitations one person (all organisations together) and one organisation may send per hour and per day */
  limits: InvitationLimits;
}

export interface InvitationLimits {
  perCaller: { hourly: number; daily: number };
  perOrg: { hourly: number; daily: number };
}

/** Who invites, from where, in which language (the invitee's is not known: the inviter's request's). */
export interface Inviter extends OrgCaller {
  locale: TLocale;
}

interface Issued {
  row: OrgInvitationRow;
  token: string;
}

/**
 * 32 random bytes (43 characters) in a mail's link; 24 (192 bits, 32 characters) in an SMS, whose
 * template holds the link with the token as a variable of at most Aliyun's 35 characters.
 */
function newToken(channel: TOrgInvitationChannel): { token: string; hash: string } {
  const token = randomBytes(channel === 'PHONE' ? 24 : 32).toString('base64url');
  return { token, hash: hashToken(token) };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** PENDING past its expiry reads EXPIRED. */
function statusOf(row: OrgInvitationRow, now: Date): TOrgInvitation['status'] {
  if (row.status === 'PENDING' && fromDbDate(row.expires_at).getTime() <= now.getTime()) return 'EXPIRED';
  return row.status as TOrgInvitation['status'];
}

function describe(row: OrgInvitationRow, role: Pick<OrgRoleRow, 'id' | 'code' | 'name'> | undefined, now: Date): TOrgInvitation {
  return {
    id: row.id,
    channel: row.channel as TOrgInvitationChannel,
    target: row.target,
    role: { id: row.role_id, code: role?.code ?? '', name: role?.name ?? '' },
    departmentId: row.department_id,
    status: statusOf(row, now),
    invitedBy: row.invited_by,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    acceptedBy: row.accepted_by,
    acceptedAt: row.accepted_at ? iso(row.accepted_at) : null,
    sentCount: row.sent_count,
    lastSentAt: iso(row.last_sent_at),
  };
}

/**
 * Whether the caller may invite into this role and department: as /org/member/setRole gives roles
 * (only an owner makes owners, nobody gives a permission they lack) and a department admin only
 * into their sub-trees. A scoped role is given with its departments by setRole, not by invitation.
 */
type TGrantRole = Pick<OrgRoleRow, 'id' | 'code' | 'name' | 'permissions'>;

function checkGrant(me: OrgMembership, role: TGrantRole | undefined, department: OrgDepartmentRow | null | undefined): void {
  if (!role) throw new AppError('ORG_ROLE_NOT_FOUND');
  if (role.code === 'OWNER' && me.roleCode !== 'OWNER') throw new AppError('ORG_PERMISSION_DENIED');
  if (rolePermissions(role).some((permission) => !me.permissions.has(permission))) throw new AppError('ORG_ROLE_TOO_HIGH');
  if (roleIsScoped(role)) throw new AppError('ORG_INVITATION_ROLE_SCOPED');
  // a department admin's permissions stop at their sub-trees; a role's reach the whole organisation
  if (me.scoped && rolePermissions(role).length > 0) throw new AppError('ORG_ROLE_TOO_HIGH');
  if (department === undefined) throw new AppError('ORG_DEPARTMENT_NOT_FOUND');
  if (department !== null && !inScope(me, department.path)) throw new AppError('ORG_DEPARTMENT_NOT_FOUND');
  // a department admin's invitee joins inside their sub-trees
  if (department === null && me.scoped) throw new AppError('ORG_PERMISSION_DENIED');
}

/** The account holding this verified email or phone, if any. */
async function accountOf(db: Db, channel: TOrgInvitationChannel, target: string): Promise<string | undefined> {
  if (channel === 'EMAIL') return (await findUserByVerifiedEmail(db, target))?.id;
  const user = await findUserByMobile(db, target);
  return user?.mobile_verified_at ? user.id : undefined;
}

async function isMember(db: Db, orgId: string, channel: TOrgInvitationChannel, target: string): Promise<boolean> {
  const userId = await accountOf(db, channel, target);
  return userId !== undefined && (await findMember(db, orgId, userId)) !== undefined;
}

function invitationRow(
  me: OrgMembership,
  input: { channel: TOrgInvitationChannel; target: string; roleId: string; departmentId: string | null },
  now: Date,
): Issued {
  const { token, hash } = newToken(input.channel);
  const stamp = toDbDate(now);
  return {
    token,
    row: {
      id: newId(now.getTime()),
      org_id: me.orgId,
      channel: input.channel,
      target: input.target,
      role_id: input.roleId,
      department_id: input.departmentId,
      token_hash: hash,
      status: 'PENDING',
      invited_by: me.userId,
      created_at: stamp,
      expires_at: toDbDate(new Date(now.getTime() + ORG_INVITATION_TTL_DAYS * DAY_MS)),
      accepted_by: null,
      accepted_at: null,
      sent_count: 1,
      last_sent_at: stamp,
    },
  };
}

/** The link of the accept page. */
export function invitationLink(webOrigin: string, locale: TLocale, token: string): string {
  return `${webOrigin}/${locale}/org/join?token=${encodeURIComponent(token)}`;
}

/** Sends each invitation by its channel, best-effort (a failed send is logged; the invitation stays and can be sent again). */
async function send(deps: InvitationDeps, orgId: string, locale: TLocale, issued: readonly Issued[]): Promise<void> {
  if (issued.length === 0) return;
  const org = await findOrganisation(deps.db, orgId);
  for (const { row, token } of issued) {
    const texts = renderInvitation(locale, {
      org: org?.name ?? '',
      days: ORG_INVITATION_TTL_DAYS,
      link: invitationLink(deps.webOrigin, locale, token),
    });
    const email = row.channel === 'EMAIL';
    await deps.delivery.notify(
      {
        channel: email ? 'EMAIL' : 'SMS',
        to: row.target,
        kind: 'ORG_INVITATION',
        subject: texts.subject,
        text: email ? texts.body : texts.sms,
        locale,
        // an SMS provider sending approved templates only (Aliyun) fills its invitation template with these
        ...(email ? {} : { variables: { org: org?.name ?? '', token } }),
      },
      deps.onSendError,
    );
  }
}

/**
 * Whether an invitation to this target can be delivered at all: a number whose SMS route has no
 * invitation template (Aliyun sends approved templates only) is ORG_INVITATION_SMS_UNAVAILABLE,
 * refused before anything is made rather than an invitation nobody receives.
 */
function checkDeliverable(deps: InvitationDeps, channel: TOrgInvitationChannel, target: string, locale: TLocale): void {
  if (channel === 'EMAIL') return;
  if (!deps.delivery.carries({ channel: 'SMS', to: target, kind: 'ORG_INVITATION', locale })) {
    throw new AppError('ORG_INVITATION_SMS_UNAVAILABLE');
  }
}

/**
 * The sending quota: `units` sends (1, or an import's rows) charged to the caller's and the
 * organisation's hourly and daily windows (hitLimit, one hit a send). Over any of them:
 * RATE_LIMITED with Retry-After, every hit of this request taken back, nothing made. Of parallel
 * requests the counters decide, so 20 at once never pass more than the limit.
 */
async function chargeSends(deps: InvitationDeps, caller: Inviter, units: number): Promise<void> {
  const { perCaller, perOrg } = deps.limits;
  const windows = [
    { key: `org-send:u:h:${caller.userId}`, limit: perCaller.hourly, ms: HOUR_MS },
    { key: `org-send:u:d:${caller.userId}`, limit: perCaller.daily, ms: DAY_MS },
    { key: `org-send:o:h:${caller.orgId}`, limit: perOrg.hourly, ms: HOUR_MS },
    { key: `org-send:o:d:${caller.orgId}`, limit: perOrg.daily, ms: DAY_MS },
  ];
  const charged: string[] = [];
  for (const { key, limit, ms } of windows) {
    const hits = await Promise.allSettled(Array.from({ length: units }, () => hitLimit(deps.kv, key, limit, ms)));
    charged.push(...hits.map(() => key));
    const refused = hits.find((hit): hit is PromiseRejectedResult => hit.status === 'rejected');
    if (refused) {
      await Promise.all(charged.map((one) => deps.kv.decr(one)));
      throw refused.reason;
    }
  }
}

// ---- One invitation -------------------------------------------------------------------------

/**
 * A new invitation. A member already (any status) is ORG_ALREADY_MEMBER; a live PENDING one to the
 * same target is ORG_INVITATION_PENDING (the caller sends that one again: ADR 0044).
 */
export async function createInvitation(
  deps: InvitationDeps,
  caller: Inviter,
  request: TOrgInvitationCreateRequest,
  now = new Date(),
): Promise<TOrgInvitation> {
  checkDeliverable(deps, request.channel, request.target, caller.locale);
  await chargeSends(deps, caller, 1);
  const issued = await changeInOrg(
    deps.db,
    caller,
    'members.manage',
    async (trx, me) => {
      const role = await findRole(trx, me.orgId, request.roleId);
      const departmentId = request.departmentId ?? null;
      const department = departmentId === null ? null : await findDepartment(trx, me.orgId, departmentId);
      checkGrant(me, role, department);
      if (await isMember(trx, me.orgId, request.channel, request.target)) throw new AppError('ORG_ALREADY_MEMBER');
      await expireOverdue(trx, me.orgId, toDbDate(now));
      const made = invitationRow(me, { channel: request.channel, target: request.target, roleId: request.roleId, departmentId }, now);
      try {
        await insertInvitations(trx, [made.row]);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('ORG_INVITATION_PENDING');
        throw error;
      }
      const after = {
        channel: made.row.channel,
        target: made.row.target,
        roleId: made.row.role_id,
        departmentId,
        expiresAt: iso(made.row.expires_at),
      };
      return {
        result: { ...made, role },
        audit: { action: 'invitation.create', targetType: 'invitation', targetId: made.row.id, before: null, after },
      };
    },
    now,
  );
  await send(deps, caller.orgId, caller.locale, [issued]);
  return describe(issued.row, issued.role, now);
}

/** An invitation the caller may act on: in the organisation and, for a department admin, into their sub-trees. */
async function getInvitation(trx: Db, me: OrgMembership, invitationId: string): Promise<OrgInvitationRow> {
  const row = await findInvitation(trx, me.orgId, invitationId);
  if (!row) throw new AppError('ORG_INVITATION_NOT_FOUND');
  if (me.scoped) {
    const department = row.department_id ? await findDepartment(trx, me.orgId, row.department_id) : undefined;
    if (!inScope(me, department?.path ?? null)) throw new AppError('ORG_INVITATION_NOT_FOUND');
  }
  return row;
}

/**
 * Sends a PENDING invitation again with a new link (the old one stops working) good for another
 * seven days: at most once a minute (ORG_INVITATION_TOO_SOON), the count kept.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  caller: Inviter,
  invitationId: string,
  now = new Date(),
): Promise<TOrgInvitation> {
  await chargeSends(deps, caller, 1);
  const issued = await changeInOrg(
    deps.db,
    caller,
    'members.manage',
    async (trx, me) => {
      const row = await getInvitation(trx, me, invitationId);
      if (statusOf(row, now) !== 'PENDING') throw new AppError('ORG_INVITATION_CLOSED');
      checkDeliverable(deps, row.channel as TOrgInvitationChannel, row.target, caller.locale);
      // a new link is a new grant: the caller must be one who could have made it (an owner's ADMIN invitation is not a department admin's to renew)
      checkGrant(
        me,
        await findRole(trx, me.orgId, row.role_id),
        row.department_id ? await findDepartment(trx, me.orgId, row.department_id) : null,
      );
      const wait = Math.ceil((fromDbDate(row.last_sent_at).getTime() + ORG_INVITATION_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
      if (wait > 0) throw new AppError('ORG_INVITATION_TOO_SOON', { params: { seconds: wait }, headers: { 'retry-after': String(wait) } });
      const { token, hash } = newToken(row.channel as TOrgInvitationChannel);
      const values = {
        token_hash: hash,
        sent_count: row.sent_count + 1,
        last_sent_at: toDbDate(now),
        expires_at: toDbDate(new Date(now.getTime() + ORG_INVITATION_TTL_DAYS * DAY_MS)),
      };
      await updateInvitation(trx, row.id, values);
      const updated = { ...row, ...values };
      const role = await findRole(trx, me.orgId, row.role_id);
      return {
        result: { row: updated, token, role },
        audit: {
          action: 'invitation.resend',
          targetType: 'invitation',
          targetId: row.id,
          before: { sentCount: row.sent_count, expiresAt: iso(row.expires_at) },
          after: { sentCount: updated.sent_count, expiresAt: iso(updated.expires_at) },
        },
      };
    },
    now,
  );
  await send(deps, caller.orgId, caller.locale, [issued]);
  return describe(issued.row, issued.role, now);
}

export async function revokeInvitation(db: Db, caller: OrgCaller, invitationId: string, now = new Date()): Promise<null> {
  return changeInOrg(
    db,
    caller,
    'members.manage',
    async (trx, me) => {
      const row = await getInvitation(trx, me, invitationId);
      if (statusOf(row, now) !== 'PENDING') throw new AppError('ORG_INVITATION_CLOSED');
      await updateInvitation(trx, row.id, { status: 'REVOKED' });
      return {
        result: null,
        audit: {
          action: 'invitation.revoke',
          targetType: 'invitation',
          targetId: row.id,
          before: { status: 'PENDING' },
          after: { status: 'REVOKED' },
        },
      };
    },
    now,
  );
}

export async function listInvitations(
  db: Db,
  me: OrgMembership,
  query: TOrgInvitationListQuery,
  now = new Date(),
): Promise<TOrgInvitationPage> {
  const before = query.before ? parseCursor(query.before) : undefined;
  const rows = await listInvitationsPage(db, {
    orgId: me.orgId,
    now: toDbDate(now),
    limit: query.pageSize + 1,
    ...(me.scoped ? { within: me.scopePaths } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(before ? { before: { createdAt: before.at, id: before.id } } : {}),
  });
  const page = rows.slice(0, query.pageSize);
  const roles = new Map<string, OrgRoleRow | undefined>();
  for (const roleId of new Set(page.map((row) => row.role_id))) roles.set(roleId, await findRole(db, me.orgId, roleId));
  const last = page.at(-1);
  return {
    items: page.map((row) => describe(row, roles.get(row.role_id), now)),
    next: rows.length > query.pageSize && last ? cursorOf(last.created_at, last.id) : null,
  };
}

// ---- The link -------------------------------------------------------------------------------

/** A live invitation by its link's token; anything else (unknown, used, revoked, expired) is ORG_INVITATION_INVALID. */
async function liveInvitation(db: Db, token: string, now: Date) {
  const row = await findInvitationByTokenHash(db, hashToken(token));
  if (!row || statusOf(row, now) !== 'PENDING') throw new AppError('ORG_INVITATION_INVALID');
  const [org, role] = await Promise.all([findOrganisation(db, row.org_id), findRole(db, row.org_id, row.role_id)]);
  if (!org || !role) throw new AppError('ORG_INVITATION_INVALID');
  return { row, org, role };
}

/** The account's email while it is unverified (lower-cased), else null. */
function unverifiedEmailOf(user: { email: string | null; email_verified_at: string | null }): string | null {
  return user.email !== null && user.email_verified_at === null ? user.email.toLowerCase() : null;
}

/**
 * GET /org/invitation/preview (public): what the accept page shows. Besides the organisation and
 * the role, who invited (their display name), the department's name and the address masked as
 * /user/info masks it: enough to recognise an invitation, nothing a link-holder could not guess.
 */
export async function previewInvitation(db: Db, token: string, now = new Date()): Promise<TOrgInvitationPreview> {
  const { row, org, role } = await liveInvitation(db, token, now);
  const [inviter, department] = await Promise.all([
    findUserNames(db, [row.invited_by]).then((names) => names[0]),
    row.department_id ? findDepartment(db, row.org_id, row.department_id) : Promise.resolve(undefined),
  ]);
  return {
    orgName: org.name,
    logoUrl: org.logo_url,
    role: { id: role.id, code: role.code, name: role.name },
    channel: row.channel as TOrgInvitationChannel,
    expiresAt: iso(row.expires_at),
    invitedBy: inviter ? inviter.nickname.trim() || inviter.username : null,
    department: department?.name ?? null,
    target: row.channel === 'EMAIL' ? maskEmail(row.target) : maskPhone(row.target),
  };
}

/**
 * The signed-in caller accepts: their verified email or phone must be the target
 * (ORG_INVITATION_NOT_YOURS). Under the organisation's lock, one conditional UPDATE PENDING →
 * ACCEPTED decides who joins: of parallel accepts one makes the membership.
 *
 * An EMAIL invitation to the account's own unverified email (typed beside a phone at sign-up) is
 * accepted too: the token was mailed to that address, so holding it proves the mailbox. The
 * accept that wins verifies the email in its transaction (users' markContactVerified, audit row
 * invitation.verifyEmail); if the address stopped being the account's meanwhile, nothing is
 * done. Never for another address, never for a phone (ADR 0044, amendments).
 */
export async function acceptInvitation(
  db: Db,
  caller: { userId: string; ip: string | null },
  token: string,
  now = new Date(),
): Promise<{ orgId: string }> {
  const { row } = await liveInvitation(db, token, now);
  const user = await findUserById(db, caller.userId);
  const mine = (user ? verifiedContacts(user) : []).some((contact) =>
    row.channel === 'EMAIL'
      ? contact.channel === 'EMAIL' && contact.to.toLowerCase() === row.target
      : contact.channel === 'SMS' && (normalizePhone(contact.to) ?? contact.to) === row.target,
  );
  const proves = !mine && user !== undefined && row.channel === 'EMAIL' && unverifiedEmailOf(user) === row.target;
  if (!mine && !proves) throw new AppError('ORG_INVITATION_NOT_YOURS');
  const orgCaller: OrgCaller = { orgId: row.org_id, ...caller };
  await db.transaction().execute(async (trx) => {
    if (!(await lockOrganisation(trx, row.org_id))) throw new AppError('ORG_INVITATION_INVALID');
    if (await findMember(trx, row.org_id, caller.userId)) throw new AppError('ORG_ALREADY_MEMBER');
    const [role, department] = await Promise.all([
      findRole(trx, row.org_id, row.role_id),
      row.department_id ? findDepartment(trx, row.org_id, row.department_id) : Promise.resolve(null),
    ]);
    if (!role || department === undefined) throw new AppError('ORG_INVITATION_INVALID');
    const stamp = toDbDate(now);
    if (!(await markAccepted(trx, row.id, row.token_hash, caller.userId, stamp))) throw new AppError('ORG_INVITATION_INVALID');
    if (proves && !(await markContactVerified(trx, caller.userId, 'EMAIL', row.target, stamp)))
      throw new AppError('ORG_INVITATION_NOT_YOURS');
    await insertMember(trx, {
      org_id: row.org_id,
      user_id: caller.userId,
      role_id: row.role_id,
      department_id: row.department_id,
      status: 'ACTIVE',
      joined_at: stamp,
      updated_at: stamp,
    });
    await recordOrgAuditInOrder(
      trx,
      orgCaller,
      {
        action: 'invitation.accept',
        targetType: 'invitation',
        targetId: row.id,
        before: { status: 'PENDING' },
        after: { status: 'ACCEPTED', userId: caller.userId, roleId: row.role_id, departmentId: row.department_id },
      },
      now,
    );
    if (proves)
      await recordOrgAuditInOrder(
        trx,
        orgCaller,
        {
          action: 'invitation.verifyEmail',
          targetType: 'invitation',
          targetId: row.id,
          before: { emailVerified: false },
          after: { emailVerified: true, userId: caller.userId },
        },
        now,
      );
  });
  return { orgId: row.org_id };
}

// ---- CSV import -----------------------------------------------------------------------------

/** The cells of one CSV line: commas, quoted cells with "" for a quote. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** The columns a file's header may name (email and/or phone, role, optionally department). */
const IMPORT_COLUMNS = ['email', 'phone', 'role', 'department'] as const;

/** The file's header and rows: a contact column (email or phone), role, and optionally department. */
function parseImport(csv: string) {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map((text, index) => ({ text, line: index + 1 }))
    .filter(({ text }) => text.trim() !== '');
  const header = lines.shift();
  const names = header ? csvCells(header.text).map((name) => name.toLowerCase()) : [];
  const column = (name: (typeof IMPORT_COLUMNS)[number]) => names.indexOf(name);
  const columns = { email: column('email'), phone: column('phone'), role: column('role'), department: column('department') };
  // the message names the columns as the file writes them, whatever the language
  if ((columns.email === -1 && columns.phone === -1) || columns.role === -1)
    throw new AppError('ORG_INVITATION_IMPORT_HEADER', { params: { columns: IMPORT_COLUMNS.join(',') } });
  if (lines.length > ORG_INVITATION_IMPORT_MAX)
    throw new AppError('ORG_INVITATION_IMPORT_TOO_LARGE', { params: { max: ORG_INVITATION_IMPORT_MAX } });
  return lines.map(({ text, line }) => {
    const cells = csvCells(text);
    const cell = (index: number) => (index === -1 ? '' : (cells[index] ?? ''));
    return { line, email: cell(columns.email), phone: cell(columns.phone), role: cell(columns.role), department: cell(columns.department) };
  });
}

/**
 * A CSV's department path, `Sales/EMEA`, as its names from the root (trimmed, lower-cased): `/`
 * separates them, a `/` inside a name is written `\/` and a backslash `\\`.
 */
export function departmentPathNames(cell: string): string[] {
  const names: string[] = [];
  let name = '';
  for (let i = 0; i < cell.length; i += 1) {
    const char = cell[i];
    if (char === '\\' && (cell[i + 1] === '/' || cell[i + 1] === '\\')) {
      name += cell[i + 1];
      i += 1;
    } else if (char === '/') {
      names.push(name);
      name = '';
    } else name += char;
  }
  names.push(name);
  return names.map((one) => one.trim().toLowerCase());
}

/** The departments by their path of names (trimmed, lower-cased): siblings named alike share a key. */
function departmentsByNamePath(departments: readonly OrgDepartmentRow[]): Map<string, OrgDepartmentRow[]> {
  const byId = new Map(departments.map((department) => [department.id, department]));
  const byNames = new Map<string, OrgDepartmentRow[]>();
  for (const department of departments) {
    const ids = department.path.split('/').filter(Boolean);
    const key = JSON.stringify(ids.map((id) => byId.get(id)?.name.trim().toLowerCase() ?? ''));
    byNames.set(key, [...(byNames.get(key) ?? []), department]);
  }
  return byNames;
}

/**
 * POST /org/invitation/import: every row answered (INVITED, ALREADY_MEMBER, ALREADY_INVITED, or
 * INVALID with the reason in the caller's language), in one change with one audit row of the
 * counts; the invitations are sent after it commits.
 */
export async function importInvitations(
  deps: InvitationDeps,
  caller: Inviter,
  csv: string,
  now = new Date(),
): Promise<TOrgInvitationImportAnswer> {
  const rows = parseImport(csv);
  await chargeSends(deps, caller, rows.length);
  const { answer, issued } = await changeInOrg(
    deps.db,
    caller,
    'members.manage',
    async (trx, me) => {
      const roles: TGrantRole[] = await listRoles(trx, me.orgId);
      const roleById = new Map(roles.map((role) => [role.id.toLowerCase(), role]));
      const roleByName = new Map(roles.map((role) => [role.name.trim().toLowerCase(), role]));
      const departments = await listDepartments(trx, me.orgId);
      const departmentById = new Map(departments.map((department) => [department.id, department]));
      const departmentByNames = departmentsByNamePath(departments);
      await expireOverdue(trx, me.orgId, toDbDate(now));
      const pending = await pendingTargets(trx, me.orgId);
      const seen = new Set<string>();
      const made: Issued[] = [];
      const reason = (key: string, params?: Record<string, string | number>) => translate(caller.locale, key, params);
      const answered: TOrgInvitationImportAnswer['rows'] = [];
      for (const row of rows) {
        const raw = row.email || row.phone;
        const invalid = (why: string) => answered.push({ line: row.line, target: raw, result: 'INVALID', reason: why, invitationId: null });
        const channel: TOrgInvitationChannel = row.email ? 'EMAIL' : 'PHONE';
        const parsed = channel === 'EMAIL' ? ZEmail.safeParse(row.email) : ZPhone.safeParse(row.phone);
        if (!parsed.success) {
          invalid(reason(parsed.error.issues[0]?.message ?? 'validation.invalidValue'));
          continue;
        }
        const target = parsed.data;
        const role = roleById.get(row.role.toLowerCase()) ?? roleByName.get(row.role.toLowerCase());
        // an id, else a path of names; a path two departments answer to (siblings named alike) says so
        const named = row.department === '' ? [] : (departmentByNames.get(JSON.stringify(departmentPathNames(row.department))) ?? []);
        const department =
          row.department === '' ? null : (departmentById.get(row.department) ?? (named.length === 1 ? named[0] : undefined));
        try {
          if (department === undefined && named.length > 1)
            throw new AppError('ORG_INVITATION_DEPARTMENT_AMBIGUOUS', { params: { path: row.department, count: named.length } });
          checkGrant(me, role, department);
          checkDeliverable(deps, channel, target, caller.locale);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          invalid(reason(error.messageKey, error.params));
          continue;
        }
        if (seen.has(target) || pending.has(target)) {
          answered.push({ line: row.line, target, result: 'ALREADY_INVITED', reason: null, invitationId: null });
          continue;
        }
        seen.add(target);
        if (await isMember(trx, me.orgId, channel, target)) {
          answered.push({ line: row.line, target, result: 'ALREADY_MEMBER', reason: null, invitationId: null });
          continue;
        }
        const issuedRow = invitationRow(me, { channel, target, roleId: role!.id, departmentId: department?.id ?? null }, now);
        made.push(issuedRow);
        answered.push({ line: row.line, target, result: 'INVITED', reason: null, invitationId: issuedRow.row.id });
      }
      await insertInvitations(
        trx,
        made.map((one) => one.row),
      );
      // each invitation made gets its invitation.create row (findable by its target in /org/audit/list), timed in the
      // file's order after the log's latest row and before the import's summary row
      const latest = await latestAuditAt(trx, me.orgId);
      const start = latest === undefined ? now.getTime() : Math.max(now.getTime(), fromDbDate(latest).getTime() + 1);
      await insertImportAuditRows(
        trx,
        made.map(({ row }, index) => {
          const at = start + index;
          const after = {
            channel: row.channel,
            target: row.target,
            roleId: row.role_id,
            departmentId: row.department_id,
            expiresAt: iso(row.expires_at),
            imported: true,
          };
          return {
            id: newId(at),
            org_id: me.orgId,
            actor_user_id: caller.userId,
            ip: caller.ip,
            action: 'invitation.create',
            target_type: 'invitation',
            target_id: row.id,
            before_json: null,
            after_json: JSON.stringify(after),
            created_at: toDbDate(new Date(at)),
          };
        }),
      );
      const counts = { INVITED: 0, ALREADY_MEMBER: 0, ALREADY_INVITED: 0, INVALID: 0 };
      for (const one of answered) counts[one.result] += 1;
      return {
        result: { answer: { rows: answered, counts }, issued: made },
        audit: {
          action: 'invitation.import',
          targetType: 'organisation',
          targetId: me.orgId,
          before: null,
          after: { rows: rows.length, ...counts },
        },
      };
    },
    now,
  );
  await send(deps, caller.orgId, caller.locale, issued);
  return answer;
}
