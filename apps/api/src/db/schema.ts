import { type Kysely } from 'kysely';
import { type SessionsTable, type UsersTable } from './tables/accounts.table';
import { type AppMetaTable } from './tables/app-meta.table';
import { type JobRunsTable } from './tables/job-runs.table';
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
} from './tables/content.table';

/** Every table Kysely knows about; each issue adds its tables here and in a migration. */
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
  // 0010-job-runs
  job_runs: JobRunsTable;
}

/** A database or a transaction: services and repositories accept either. */
export type Db = Kysely<DB>;
