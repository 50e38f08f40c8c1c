import { type TOrderItemType, type TQualityTier, type TTimeUnit } from '@llk/contracts';
import { fromDbBool, toDbBool } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { type CatalogueSkusTable, pricingTables } from './pricing.tables';

/** One purchasable item of the catalogue; orders read prices only through findSku/listSkus. */
export interface SkuRow {
  id: string;
  item_type: TOrderItemType;
  /** null: a one-off purchase (screen walls) */
  time_unit: TTimeUnit | null;
  /** time units granted per purchase (1 for a month or a year; 1 for one-off items) */
  duration: number;
  /** units granted per purchase: screen walls for MONITOR, else 1 */
  quantity: number;
  /** QUALITY only: the tier it raises to */
  quality_tier: TQualityTier | null;
  /** what is charged, integer fen */
  price_fen: number;
  /** list price before discount, integer fen, >= price_fen */
  original_price_fen: number;
  active: boolean;
  sort_order: number;
}

const columns = [
  'id',
  'item_type',
  'time_unit',
  'duration',
  'quantity',
  'quality_tier',
  'price_fen',
  'original_price_fen',
  'active',
  'sort_order',
] as const;

function toSku(row: Omit<CatalogueSkusTable, 'origin'>): SkuRow {
  return {
    id: row.id,
    item_type: row.item_type as TOrderItemType,
    time_unit: row.time_unit as TTimeUnit | null,
    duration: Number(row.duration),
    quantity: Number(row.quantity),
    quality_tier: row.quality_tier as TQualityTier | null,
    price_fen: Number(row.price_fen),
    original_price_fen: Number(row.original_price_fen),
    active: fromDbBool(row.active),
    sort_order: Number(row.sort_order),
  };
}

/** The SKU with that id, active or not (callers check `active` before selling it). */
export async function findSku(db: Db, id: string): Promise<SkuRow | undefined> {
  const row = await pricingTables(db).selectFrom('catalogue_skus').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toSku(row) : undefined;
}

/** Active SKUs, optionally of one item type, in catalogue order. */
export async function listSkus(db: Db, itemType?: TOrderItemType): Promise<SkuRow[]> {
  let query = pricingTables(db).selectFrom('catalogue_skus').select(columns).where('active', '=', toDbBool(true));
  if (itemType) query = query.where('item_type', '=', itemType);
  const rows = await query.orderBy('sort_order').orderBy('id').execute();
  return rows.map(toSku);
}

export type SeedSku = Omit<SkuRow, 'active'>;

/**
 * Upserts the seed's SKUs by id and deactivates those the seed no longer lists: SKUs are never
 * deleted, because orders keep referring to them. A SKU whose price staff set (origin 'staff')
 * keeps it: the seed is the first data, the back office the live one.
 */
export async function upsertSkus(db: Db, skus: SeedSku[]): Promise<void> {
  for (const sku of skus) {
    const values = {
      item_type: sku.item_type,
      time_unit: sku.time_unit,
      duration: sku.duration,
      quantity: sku.quantity,
      quality_tier: sku.quality_tier,
      price_fen: sku.price_fen,
      original_price_fen: sku.original_price_fen,
      active: toDbBool(true),
      sort_order: sku.sort_order,
    };
    await pricingTables(db)
      .insertInto('catalogue_skus')
      .values({ id: sku.id, ...values, origin: 'seed' })
      .onConflict((oc) => oc.column('id').doUpdateSet(values).where('catalogue_skus.origin', '=', 'seed'))
      .execute();
  }
  let retire = pricingTables(db)
    .updateTable('catalogue_skus')
    .set({ active: toDbBool(false) })
    .where('origin', '=', 'seed');
  if (skus.length > 0)
    retire = retire.where(
      'id',
      'not in',
      skus.map((sku) => sku.id),
    );
  await retire.execute();
}

// ---- Feature matrix ------------------------------------------------------------------------

export interface PlanRow {
  id: string;
  locale: string;
  name: string;
  summary: string;
}

export interface GroupRow {
  id: string;
  locale: string;
  name: string;
}

export interface FeatureRow {
  id: string;
  group_id: string;
  free_included: boolean;
  paid_included: boolean;
  locale: string;
  name: string;
  description: string | null;
  free_value: string | null;
  paid_value: string | null;
}

/** Plans with their translations in the given languages (one row per plan and language). */
export async function findPlans(db: Db, locales: string[]): Promise<PlanRow[]> {
  return pricingTables(db)
    .selectFrom('pricing_plans as p')
    .innerJoin('pricing_plan_translations as t', 't.plan_id', 'p.id')
    .select(['p.id', 't.locale', 't.name', 't.summary'])
    .where('t.locale', 'in', locales)
    .orderBy('p.sort_order')
    .execute();
}

export async function findGroups(db: Db, locales: string[]): Promise<GroupRow[]> {
  return pricingTables(db)
    .selectFrom('pricing_feature_groups as g')
    .innerJoin('pricing_feature_group_translations as t', 't.group_id', 'g.id')
    .select(['g.id', 't.locale', 't.name'])
    .where('t.locale', 'in', locales)
    .orderBy('g.sort_order')
    .execute();
}

export async function findFeatures(db: Db, locales: string[]): Promise<FeatureRow[]> {
  const rows = await pricingTables(db)
    .selectFrom('pricing_features as f')
    .innerJoin('pricing_feature_translations as t', 't.feature_id', 'f.id')
    .select([
      'f.id',
      'f.group_id',
      'f.free_included',
      'f.paid_included',
      't.locale',
      't.name',
      't.description',
      't.free_value',
      't.paid_value',
    ])
    .where('t.locale', 'in', locales)
    .orderBy('f.group_id')
    .orderBy('f.sort_order')
    .execute();
  return rows.map((row) => ({ ...row, free_included: fromDbBool(row.free_included), paid_included: fromDbBool(row.paid_included) }));
}

export interface SeedMatrix {
  plans: {
    id: string;
    deviceLimit?: number;
    sessionLimit?: number;
    historyDays?: number;
    translations: { locale: string; name: string; summary: string }[];
  }[];
  groups: {
    id: string;
    translations: { locale: string; name: string }[];
    features: {
      id: string;
      freeIncluded: boolean;
      paidIncluded: boolean;
      translations: { locale: string; name: string; description: string | null; freeValue: string | null; paidValue: string | null }[];
    }[];
  }[];
}

/** Replaces the whole feature matrix (plans, groups, features and their translations). */
export async function replaceMatrix(db: Db, matrix: SeedMatrix): Promise<void> {
  // children first: not every dialect connection enforces the cascades
  for (const table of [
    'pricing_feature_translations',
    'pricing_features',
    'pricing_feature_group_translations',
    'pricing_feature_groups',
    'pricing_plan_translations',
    'pricing_plans',
  ] as const) {
    await pricingTables(db).deleteFrom(table).execute();
  }
  if (matrix.plans.length > 0) {
    await pricingTables(db)
      .insertInto('pricing_plans')
      .values(
        matrix.plans.map((plan, index) => ({
          id: plan.id,
          sort_order: index,
          device_limit: plan.deviceLimit ?? null,
          session_limit: plan.sessionLimit ?? null,
          history_days: plan.historyDays ?? null,
        })),
      )
      .execute();
    const translations = matrix.plans.flatMap((plan) => plan.translations.map((t) => ({ plan_id: plan.id, ...t })));
    if (translations.length > 0) await pricingTables(db).insertInto('pricing_plan_translations').values(translations).execute();
  }
  if (matrix.groups.length === 0) return;
  await pricingTables(db)
    .insertInto('pricing_feature_groups')
    .values(matrix.groups.map((group, index) => ({ id: group.id, sort_order: index })))
    .execute();
  const groupTranslations = matrix.groups.flatMap((group) => group.translations.map((t) => ({ group_id: group.id, ...t })));
  if (groupTranslations.length > 0)
    await pricingTables(db).insertInto('pricing_feature_group_translations').values(groupTranslations).execute();
  const features = matrix.groups.flatMap((group) =>
    group.features.map((feature, index) => ({
      id: feature.id,
      group_id: group.id,
      free_included: toDbBool(feature.freeIncluded),
      paid_included: toDbBool(feature.paidIncluded),
      sort_order: index,
    })),
  );
  if (features.length > 0) await pricingTables(db).insertInto('pricing_features').values(features).execute();
  const featureTranslations = matrix.groups.flatMap((group) =>
    group.features.flatMap((feature) =>
      feature.translations.map((t) => ({
        feature_id: feature.id,
        locale: t.locale,
        name: t.name,
        description: t.description,
        free_value: t.freeValue,
        paid_value: t.paidValue,
      })),
    ),
  );
  if (featureTranslations.length > 0)
    await pricingTables(db).insertInto('pricing_feature_translations').values(featureTranslations).execute();
}

/** What a plan allows (devices, simultaneous sessions, days of connection history); undefined when the plan is not seeded. */
export function findPlanLimits(
  db: Db,
  planId: string,
): Promise<{ device_limit: number | null; session_limit: number | null; history_days: number | null } | undefined> {
  return pricingTables(db)
    .selectFrom('pricing_plans')
    .select(['device_limit', 'session_limit', 'history_days'])
    .where('id', '=', planId)
    .executeTakeFirst();
}

// ---- Back office (pricing.admin.ts) --------------------------------------------------------

export type StaffSkuRow = Omit<CatalogueSkusTable, 'origin'> & { origin: string };

const staffColumns = [...columns, 'origin'] as const;

/** Every SKU, active or not, in catalogue order. */
export async function findAllSkus(db: Db): Promise<StaffSkuRow[]> {
  return pricingTables(db)
    .selectFrom('catalogue_skus')
    .select(staffColumns)
    .orderBy('item_type')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function findStaffSku(db: Db, id: string): Promise<StaffSkuRow | undefined> {
  return pricingTables(db).selectFrom('catalogue_skus').select(staffColumns).where('id', '=', id).executeTakeFirst();
}

/** A staff price: the row becomes origin 'staff', so a reseed keeps it. */
export async function updateSkuPriceRow(
  db: Db,
  id: string,
  values: { price_fen: number; original_price_fen: number; active?: number },
): Promise<void> {
  await pricingTables(db)
    .updateTable('catalogue_skus')
    .set({ ...values, origin: 'staff' })
    .where('id', '=', id)
    .execute();
}
