import { toSkuPrice, type TAdminSku, type TAdminSkuList, type TAdminSkuUpdate } from '@llk/contracts';
import { fromDbBool, toDbBool } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { findAllSkus, findStaffSku, updateSkuPriceRow, type StaffSkuRow } from './pricing.repository';

// The back office's side of the catalogue (ADR 0019): every SKU with its price and list price in
// fen and the discount computed from them (the contracts' toSkuPrice, the one definition the
// site shows). A price change writes the catalogue row only: an order copies its amounts when it
// is created, so orders made before keep what they were charged.

function toAdminSku(row: StaffSkuRow): TAdminSku {
  return {
    ...toSkuPrice({
      id: row.id,
      itemType: row.item_type as TAdminSku['itemType'],
      timeUnit: row.time_unit as TAdminSku['timeUnit'],
      duration: Number(row.duration),
      quantity: Number(row.quantity),
      qualityTier: row.quality_tier as TAdminSku['qualityTier'],
      priceFen: Number(row.price_fen),
      originalPriceFen: Number(row.original_price_fen),
    }),
    active: fromDbBool(row.active),
    sortOrder: Number(row.sort_order),
    origin: row.origin === 'staff' ? 'staff' : 'seed',
  };
}

/** Every SKU, active or not, in catalogue order (a few dozen rows: no paging). */
export async function listSkusForStaff(db: Db): Promise<TAdminSkuList> {
  return { items: (await findAllSkus(db)).map(toAdminSku) };
}

async function skuForStaff(db: Db, id: string): Promise<TAdminSku> {
  const row = await findStaffSku(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toAdminSku(row);
}

/** Sets a SKU's price and list price (list ≥ price) for orders created from now on. */
export async function updateSkuPrice(db: Db, id: string, update: TAdminSkuUpdate): Promise<{ before: TAdminSku; after: TAdminSku }> {
  const before = await skuForStaff(db, id);
  if (update.originalPriceFen < update.priceFen) throw new AppError('SKU_PRICE_INVALID');
  await updateSkuPriceRow(db, id, {
    price_fen: update.priceFen,
    original_price_fen: update.originalPriceFen,
    ...(update.active === undefined ? {} : { active: toDbBool(update.active) }),
  });
  return { before, after: await skuForStaff(db, id) };
}

/** The discount (whole percent of the list price) of every SKU, for texts that quote one. */
export async function skuDiscounts(db: Db): Promise<Map<string, number>> {
  const { items } = await listSkusForStaff(db);
  return new Map(items.map((sku) => [sku.skuId, sku.discountPercent]));
}
