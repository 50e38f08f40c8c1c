import { type Generated, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The pricing module's tables: the catalogue's SKUs and the pricing page. Booleans are integer 0/1
// (see infrastructure/db/dialect.ts).

// 0004-catalogue

export interface CatalogueSkusTable {
  id: string;
  /** MEMBER | MONITOR | CHANNEL | QUALITY */
  item_type: string;
  /** MONTH | YEAR | null (one-off) */
  time_unit: string | null;
  duration: number;
  quantity: number;
  /** QUALITY only: the tier it raises to */
  quality_tier: string | null;
  price_fen: number;
  original_price_fen: number;
  active: number;
  sort_order: number;
  /** seed | staff: a price staff set is left alone by a reseed (migration 0028) */
  origin: Generated<string>;
}

export interface PricingPlansTable {
  /** FREE | PRO */
  id: string;
  sort_order: number;
  /** devices an account on this plan may register (migration 0018); null until seeded */
  device_limit: number | null;
  /** devices it may control at the same time (migration 0018) */
  session_limit: number | null;
  /** how many days back the connection history goes (migration 0052); null until seeded */
  history_days: number | null;
}

export interface PricingPlanTranslationsTable {
  plan_id: string;
  locale: string;
  name: string;
  summary: string;
}

export interface PricingFeatureGroupsTable {
  /** FUNCTION | SAFE | PLAY | PROPERTY | PERMISSION | COMPATIBLE */
  id: string;
  sort_order: number;
}

export interface PricingFeatureGroupTranslationsTable {
  group_id: string;
  locale: string;
  name: string;
}

export interface PricingFeaturesTable {
  id: string;
  group_id: string;
  free_included: number;
  paid_included: number;
  sort_order: number;
}

export interface PricingFeatureTranslationsTable {
  feature_id: string;
  locale: string;
  name: string;
  description: string | null;
  free_value: string | null;
  paid_value: string | null;
}

export interface PricingTables {
  catalogue_skus: CatalogueSkusTable;
  pricing_plans: PricingPlansTable;
  pricing_plan_translations: PricingPlanTranslationsTable;
  pricing_feature_groups: PricingFeatureGroupsTable;
  pricing_feature_group_translations: PricingFeatureGroupTranslationsTable;
  pricing_features: PricingFeaturesTable;
  pricing_feature_translations: PricingFeatureTranslationsTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends PricingTables {}
}

/** The pricing module's tables: its repositories' only handle (ADR 0038). */
export const pricingTables = (db: Db): Kysely<PricingTables> => tablesOf<PricingTables>(db);

export type SkuTableRow = Selectable<CatalogueSkusTable>;
