import { sql, type Kysely } from 'kysely';

// Membership catalogue: what can be bought (SKUs, prices in integer fen) and the feature
// matrix of the pricing page (plans, feature groups, features) with translations per locale in
// rows of their own, like the content tables of 0003. Seeded from content/seed/pricing.json.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One thing that can be bought. Orders read prices only from here (findSku/listSkus);
  // SKUs are never deleted (orders keep their id), a withdrawn one is active = 0.
  await db.schema
    .createTable('catalogue_skus')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // MEMBER | MONITOR | CHANNEL | QUALITY
    .addColumn('item_type', 'text', (col) => col.notNull())
    // MONTH | YEAR | null (one-off)
    .addColumn('time_unit', 'text')
    .addColumn('duration', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    // for QUALITY: the tier it raises to (HD | ULTRA)
    .addColumn('quality_tier', 'text')
    .addColumn('price_fen', 'integer', (col) => col.notNull())
    .addColumn('original_price_fen', 'integer', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .addCheckConstraint('catalogue_skus_price_ck', sql`price_fen >= 0 and original_price_fen >= price_fen`)
    .execute();
  await db.schema.createIndex('catalogue_skus_type_idx').on('catalogue_skus').columns(['item_type', 'sort_order']).execute();

  // FREE and PRO: the columns of the pricing page.
  await db.schema
    .createTable('pricing_plans')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('pricing_plan_translations')
    .addColumn('plan_id', 'text', (col) => col.notNull().references('pricing_plans.id').onDelete('cascade'))
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('pricing_plan_translations_pk', ['plan_id', 'locale'])
    .execute();

  // FUNCTION, SAFE, PLAY, PROPERTY, PERMISSION, COMPATIBLE.
  await db.schema
    .createTable('pricing_feature_groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('pricing_feature_group_translations')
    .addColumn('group_id', 'text', (col) => col.notNull().references('pricing_feature_groups.id').onDelete('cascade'))
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('pricing_feature_group_translations_pk', ['group_id', 'locale'])
    .execute();

  // One row of the matrix: whether the free and the paid plan include it; the value texts
  // (e.g. "1080p, 60 Hz" against "3840x2160, 165 Hz") are in the translations, null when a
  // tick or a cross says it all.
  await db.schema
    .createTable('pricing_features')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('group_id', 'text', (col) => col.notNull().references('pricing_feature_groups.id').onDelete('cascade'))
    .addColumn('free_included', 'integer', (col) => col.notNull())
    .addColumn('paid_included', 'integer', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('pricing_features_group_idx').on('pricing_features').columns(['group_id', 'sort_order']).execute();
  await db.schema
    .createTable('pricing_feature_translations')
    .addColumn('feature_id', 'text', (col) => col.notNull().references('pricing_features.id').onDelete('cascade'))
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('free_value', 'text')
    .addColumn('paid_value', 'text')
    .addPrimaryKeyConstraint('pricing_feature_translations_pk', ['feature_id', 'locale'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'pricing_feature_translations',
    'pricing_features',
    'pricing_feature_group_translations',
    'pricing_feature_groups',
    'pricing_plan_translations',
    'pricing_plans',
    'catalogue_skus',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
