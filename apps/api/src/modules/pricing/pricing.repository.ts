import { type TOrderItemType, type TQualityTier, type TTimeUnit } from '@llk/contracts';
import { fromDbBool, toDbBool } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { type CatalogueSkusTable } from '../../db/tables/catalogue.table';

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

function toSku(row: CatalogueSkusTable): SkuRow {
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
  const row = await db.selectFrom('catalogue_skus').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toSku(row) : undefined;
}

/** Active SKUs, optionally of one item type, in catalogue order. */
export async function listSkus(db: Db, itemType?: TOrderItemType): Promise<SkuRow[]> {
  let query = db.selectFrom('catalogue_skus').select(columns).where('active', '=', toDbBool(true));
  if (itemType) query = query.where('item_type', '=', itemType);
  const rows = await query.orderBy('sort_order').orderBy('id').execute();
  return rows.map(toSku);
}

export type SeedSku = Omit<SkuRow, 'active'>;

/**
 * Upserts the seed's SKUs by id and deactivates those the seed no longer lists: SKUs are never
 * deleted, because orders keep referring to them.
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
    await db
      .insertInto('catalogue_skus')
      .values({ id: sku.id, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }
  let retire = db.updateTable('catalogue_skus').set({ active: toDbBool(false) });
  if (skus.length > 0) retire = retire.where('id', 'not in', skus.map((sku) => sku.id));
  await retire.execute();
}
