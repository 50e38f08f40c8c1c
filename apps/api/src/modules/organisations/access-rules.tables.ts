import { type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The table of migration 0056-org-access-rules (ADR 0046), owned by the organisations module.

export interface OrgAccessRulesTable {
  id: string;
  org_id: string;
  /** MEMBER | DEPARTMENT | ROLE */
  subject_type: string;
  subject_id: string;
  /** 0/1: a department's sub-tree too */
  subject_subtree: number;
  /** DEVICE | GROUP */
  object_type: string;
  object_id: string;
  /** 0/1: a group's sub-groups too */
  object_subtree: number;
  /** VIEW | CONTROL | MANAGE */
  permission: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface OrgAccessTables {
  org_access_rules: OrgAccessRulesTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends OrgAccessTables {}
}

/** The access rules' table: the access-rules repository's only handle on it (ADR 0038). */
export const orgAccessTables = (db: Db): Kysely<OrgAccessTables> => tablesOf<OrgAccessTables>(db);

export type OrgAccessRuleRow = Selectable<OrgAccessRulesTable>;
