import { type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// Tables of migration 0053-organisations (ADR 0043). Timestamps are UTC ISO text; booleans
// integer 0/1; permissions and the audit log's before/after are JSON text.

export interface OrganisationsTable {
  id: string;
  name: string;
  logo_url: string | null;
  contact_email: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  closing_at: string | null;
}

export interface OrgRolesTable {
  id: string;
  /** null for the built-in roles (id = code) */
  org_id: string | null;
  /** OWNER | ADMIN | BILLING_ADMIN | DEPARTMENT_ADMIN | MEMBER | CUSTOM */
  code: string;
  name: string;
  name_norm: string;
  /** JSON array of ORG_PERMISSIONS */
  permissions: string;
  built_in: number;
  created_at: string;
  updated_at: string;
}

export interface OrgMembersTable {
  org_id: string;
  user_id: string;
  role_id: string;
  department_id: string | null;
  /** ACTIVE | DISABLED */
  status: string;
  joined_at: string;
  updated_at: string;
}

export interface OrgDepartmentAdminsTable {
  org_id: string;
  user_id: string;
  department_id: string;
}

export interface OrgDepartmentsTable {
  id: string;
  org_id: string;
  parent_id: string | null;
  /** /rootId/…/id/ */
  path: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface OrgAuditLogTable {
  id: string;
  org_id: string;
  actor_user_id: string | null;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

/** 0054-org-invitations (ADR 0044). */
export interface OrgInvitationsTable {
  id: string;
  org_id: string;
  /** EMAIL | PHONE */
  channel: string;
  /** the lower-cased email or the E.164 number */
  target: string;
  role_id: string;
  department_id: string | null;
  /** hex sha256 of the link's token */
  token_hash: string;
  /** PENDING | ACCEPTED | REVOKED | EXPIRED */
  status: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_by: string | null;
  accepted_at: string | null;
  sent_count: number;
  last_sent_at: string;
}

export interface OrganisationsTables {
  organisations: OrganisationsTable;
  org_roles: OrgRolesTable;
  org_members: OrgMembersTable;
  org_department_admins: OrgDepartmentAdminsTable;
  org_departments: OrgDepartmentsTable;
  org_audit_log: OrgAuditLogTable;
  org_invitations: OrgInvitationsTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends OrganisationsTables {}
}

/** The organisations module's tables: its repositories' only handle (ADR 0038). */
export const organisationsTables = (db: Db): Kysely<OrganisationsTables> => tablesOf<OrganisationsTables>(db);

export type OrganisationRow = Selectable<OrganisationsTable>;
export type OrgRoleRow = Selectable<OrgRolesTable>;
export type OrgMemberRow = Selectable<OrgMembersTable>;
export type OrgDepartmentRow = Selectable<OrgDepartmentsTable>;
export type OrgAuditRow = Selectable<OrgAuditLogTable>;
export type OrgInvitationRow = Selectable<OrgInvitationsTable>;
