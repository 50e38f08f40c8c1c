import { type Kysely } from 'kysely';
import { type LoginEventsTable, type NotificationSettingsTable, type TotpBackupCodesTable, type UserTotpTable } from './tables/account-security.table';
import { type SessionsTable, type UsersTable } from './tables/accounts.table';
import { type AppMetaTable } from './tables/app-meta.table';
import { type JobRunsTable } from './tables/job-runs.table';
import {
  type BillDifferencesTable,
  type BillReconciliationsTable,
  type GatewayNotificationsTable,
  type GatewayQueriesTable,
  type LedgerLinesTable,
  type LedgerPostingsTable,
  type UnmatchedPaymentsTable,
} from './tables/ledger.table';
import {
  type CatalogueSkusTable,
  type PricingFeatureGroupsTable,
  type PricingFeatureGroupTranslationsTable,
  type PricingFeaturesTable,
  type PricingFeatureTranslationsTable,
  type PricingPlansTable,
  type PricingPlanTranslationsTable,
} from './tables/catalogue.table';
import {
  type NewsTable,
  type NewsTranslationsTable,
  type NoticesTable,
  type NoticeTranslationsTable,
  type ReleaseNotesTable,
  type ReleasePackagesTable,
  type ReleasesTable,
  type SearchDocumentsTable,
  type SearchPostingsTable,
  type SearchRecordsTable,
  type SearchRecordVisitorsTable,
} from './tables/content.table';
import {
  type CloudPcInvoiceRequestsTable,
  type CloudPcProviderApplicationsTable,
  type CloudPcRenewalsTable,
  type CloudPcsTable,
} from './tables/cloud-pc.table';
import {
  type InvoiceCountersTable,
  type InvoiceRequestsTable,
  type InvoicesTable,
  type OrderIdempotencyKeysTable,
  type OrderItemsTable,
  type OrderQrCodesTable,
  type OrdersTable,
  type PaymentNotificationsTable,
  type PaymentsTable,
  type RefundsTable,
} from './tables/orders.table';
import { type PasskeysTable } from './tables/passkeys.table';
import { type PaymentDisputesTable } from './tables/disputes.table';
import { type AuditLogTable, type StaffPasskeysTable, type StaffSessionsTable, type StaffTable } from './tables/admin.table';
import { type DeviceGroupsTable, type DevicesTable, type DeviceSharesTable } from './tables/devices.table';
import { type MonitorWallsTable, type RedeemCodesTable, type SeatsTable } from './tables/redeem-walls.table';
import { type SupportRepliesTable, type SupportThreadsTable } from './tables/support.table';
import { type AmbassadorsTable, type CommissionsTable, type PayoutBatchesTable, type PayoutsTable, type ReferralBindingsTable } from './tables/referrals.table';

/** Every table Kysely knows about, grouped by the migration that creates it. */
export interface DB {
  app_meta: AppMetaTable;
  // 0002-accounts
  users: UsersTable;
  sessions: SessionsTable;
  // 0003-content
  releases: ReleasesTable;
  release_packages: ReleasePackagesTable;
  release_notes: ReleaseNotesTable;
  news: NewsTable;
  news_translations: NewsTranslationsTable;
  notices: NoticesTable;
  notice_translations: NoticeTranslationsTable;
  search_documents: SearchDocumentsTable;
  search_postings: SearchPostingsTable;
  search_records: SearchRecordsTable;
  // 0004-catalogue
  catalogue_skus: CatalogueSkusTable;
  pricing_plans: PricingPlansTable;
  pricing_plan_translations: PricingPlanTranslationsTable;
  pricing_feature_groups: PricingFeatureGroupsTable;
  pricing_feature_group_translations: PricingFeatureGroupTranslationsTable;
  pricing_features: PricingFeaturesTable;
  pricing_feature_translations: PricingFeatureTranslationsTable;
  // 0005-orders
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  order_qr_codes: OrderQrCodesTable;
  payment_notifications: PaymentNotificationsTable;
  order_idempotency_keys: OrderIdempotencyKeysTable;
  // 0016-invoice-requests
  invoice_requests: InvoiceRequestsTable;
  // 0042-international-invoices
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  // 0006-referrals
  ambassadors: AmbassadorsTable;
  referral_bindings: ReferralBindingsTable;
  commissions: CommissionsTable;
  payout_batches: PayoutBatchesTable;
  payouts: PayoutsTable;
  // 0008-cloud-pc
  cloud_pcs: CloudPcsTable;
  cloud_pc_renewals: CloudPcRenewalsTable;
  cloud_pc_provider_applications: CloudPcProviderApplicationsTable;
  cloud_pc_invoice_requests: CloudPcInvoiceRequestsTable;
  // 0010-job-runs
  job_runs: JobRunsTable;
  // 0013-ledger
  ledger_postings: LedgerPostingsTable;
  ledger_lines: LedgerLinesTable;
  gateway_notifications: GatewayNotificationsTable;
  unmatched_payments: UnmatchedPaymentsTable;
  bill_reconciliations: BillReconciliationsTable;
  bill_differences: BillDifferencesTable;
  // 0041-card-payments
  payment_disputes: PaymentDisputesTable;
  // 0014-account-security
  login_events: LoginEventsTable;
  user_totp: UserTotpTable;
  totp_backup_codes: TotpBackupCodesTable;
  notification_settings: NotificationSettingsTable;
  // 0017-passkeys
  passkeys: PasskeysTable;
  // 0018-devices
  devices: DevicesTable;
  device_groups: DeviceGroupsTable;
  device_shares: DeviceSharesTable;
  // 0019-redeem-seats-walls
  redeem_codes: RedeemCodesTable;
  monitor_walls: MonitorWallsTable;
  seats: SeatsTable;
  // 0024-back-office
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  // 0032-support-inbox
  support_threads: SupportThreadsTable;
  support_replies: SupportRepliesTable;
  // 0033-staff-passkeys
  staff_passkeys: StaffPasskeysTable;
  // 0034-gateway-queries
  gateway_queries: GatewayQueriesTable;
  // 0036-hot-search-visitors
  search_record_visitors: SearchRecordVisitorsTable;
}

/** A database or a transaction: services and repositories accept either. */
export type Db = Kysely<DB>;
