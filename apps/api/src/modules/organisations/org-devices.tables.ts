import { type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// Tables of migration 0055-org-devices (ADR 0045), owned by the organisations module.

export interface OrgDeviceGroupsTable {
  id: string;
  org_id: string;
  parent_id: string | null;
  /** /rootId/…/id/ */
  path: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface OrgDeployCodesTable {
  id: string;
  org_id: string;
  name: string;
  group_id: string | null;
  /** hex sha256 of the normalised code */
  code_hash: string;
  /** 0/1: new devices wait for approval */
  requires_approval: number;
  max_uses: number | null;
  uses: number;
  expires_at: string;
  revoked_at: string | null;
  created_by: string;
  created_at: string;
}

export interface OrgDevicesTable {
  /** devices.id (the devices module's) */
  device_id: string;
  org_id: string;
  group_id: string | null;
  /** ACTIVE | PENDING | REJECTED */
  status: string;
  device_key: string;
  name: string;
  client_type: string;
  deploy_code_id: string | null;
  enrolled_by: string;
  enrolled_at: string;
  decided_by: string | null;
  decided_at: string | null;
  updated_at: string;
}

export interface OrgDevicesTables {
  org_device_groups: OrgDeviceGroupsTable;
  org_deploy_codes: OrgDeployCodesTable;
  org_devices: OrgDevicesTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends OrgDevicesTables {}
}

/** The org-devices tables: the org-devices repository's only handle (ADR 0038). */
export const orgDevicesTables = (db: Db): Kysely<OrgDevicesTables> => tablesOf<OrgDevicesTables>(db);

export type OrgDeviceGroupRow = Selectable<OrgDeviceGroupsTable>;
export type OrgDeployCodeRow = Selectable<OrgDeployCodesTable>;
export type OrgDeviceRow = Selectable<OrgDevicesTable>;
