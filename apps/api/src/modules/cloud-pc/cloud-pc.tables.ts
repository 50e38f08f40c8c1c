import { type Generated, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The cloud-PC module's tables. Timestamps are UTC ISO text, booleans 0/1, amounts integer fen
// (see infrastructure/db/dialect.ts).

// 0008-cloud-pc

export interface CloudPcsTable {
  id: string;
  user_id: string;
  name: string;
  /** STANDARD | ADVANCED | PROFESSIONAL | ULTIMATE */
  plan_id: string;
  /** MONTH | YEAR: the term of the last payment */
  time_unit: string;
  /** RUNNING | RELEASED | EXPIRED */
  status: string;
  auto_renew: number;
  /** the rental order (unique) */
  order_id: string;
  paid_at: string;
  /** 1 when the rental order was the account's first cloud-PC order */
  first_order: number;
  refund_claimed_at: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
  released_at: string | null;
  renewal_order_id: string | null;
}

export interface CloudPcRenewalsTable {
  order_id: string;
  cloud_pc_id: string;
  created_at: string;
  /** migration 0012: when the paid renewal found its machine released or expired (it is refunded) */
  undeliverable_at: string | null;
  /** migration 0037: when this renewal's refund was started (once: a refusal goes to staff) */
  refund_asked_at: string | null;
}

export interface CloudPcProviderApplicationsTable {
  id: string;
  user_id: string | null;
  company: string;
  contact_name: string;
  phone: string | null;
  email: string | null;
  region: string;
  hardware: string;
  machine_count: number;
  message: string | null;
  locale: string;
  ip: string;
  created_at: string;
  /** migration 0030: NEW | CONTACTED | ACCEPTED | DECLINED, kept by the back office */
  state: Generated<string>;
  state_note: Generated<string | null>;
  state_at: Generated<string | null>;
}

export interface CloudPcInvoiceRequestsTable {
  id: string;
  order_id: string;
  user_id: string;
  kind: string;
  title: string;
  tax_id: string | null;
  email: string;
  note: string | null;
  amount_fen: number;
  status: string;
  created_at: string;
}

export interface CloudPcTables {
  cloud_pcs: CloudPcsTable;
  cloud_pc_renewals: CloudPcRenewalsTable;
  cloud_pc_provider_applications: CloudPcProviderApplicationsTable;
  cloud_pc_invoice_requests: CloudPcInvoiceRequestsTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends CloudPcTables {}
}

/** The cloud-pc module's tables: its repositories' only handle (ADR 0038). */
export const cloudPcTables = (db: Db): Kysely<CloudPcTables> => tablesOf<CloudPcTables>(db);

export type CloudPcRow = Selectable<CloudPcsTable>;
export type CloudPcRenewalRow = Selectable<CloudPcRenewalsTable>;
export type ProviderApplicationRow = Selectable<CloudPcProviderApplicationsTable>;
export type CloudPcInvoiceRequestRow = Selectable<CloudPcInvoiceRequestsTable>;
