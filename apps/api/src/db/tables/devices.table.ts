// Tables of migration 0018-devices. Timestamps are UTC ISO text (see ../dialect.ts).

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
