import { type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// Tables of migration 0018-devices. Timestamps are UTC ISO text (see infrastructure/db/dialect.ts).

export interface DevicesTable {
  id: string;
  /** the owner */
  user_id: string;
  /** the app's own stable id, unique per account */
  device_key: string;
  name: string;
  client_type: string;
  chip_type: string | null;
  os_version: string | null;
  app_version: string | null;
  group_id: string | null;
  /** LoginWay */
  policy: string;
  last_ip: string | null;
  last_country: string | null;
  last_seen_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeviceGroupsTable {
  id: string;
  user_id: string;
  name: string;
  name_norm: string;
  created_at: string;
  updated_at: string;
}

export interface DeviceSharesTable {
  id: string;
  owner_id: string;
  recipient_id: string;
  device_id: string | null;
  group_id: string | null;
  /** VIEW | CONTROL | MANAGE */
  permission: string;
  created_at: string;
}

export interface DevicesTables {
  devices: DevicesTable;
  device_groups: DeviceGroupsTable;
  device_shares: DeviceSharesTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends DevicesTables {}
}

/** The devices module's tables: its repositories' only handle (ADR 0038). */
export const devicesTables = (db: Db): Kysely<DevicesTables> => tablesOf<DevicesTables>(db);

export type DeviceRow = Selectable<DevicesTable>;
export type DeviceGroupRow = Selectable<DeviceGroupsTable>;
export type DeviceShareRow = Selectable<DeviceSharesTable>;
