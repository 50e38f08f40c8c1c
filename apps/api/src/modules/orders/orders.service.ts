import { createHash, randomBytes } from 'node:crypto';
import {
  maskEmail,
  maskPhone,
  type TCodeOrderResult,
  type TOrderInfo,
  type TOrderItem,
  type TOrderItemType,
  type TOrderQuote,
  type TOrderRefund,
  type TPayClient,
  type TPayMethod,
  type TQrCodeResult,
  type TTimeUnit,
} from '@llk/contracts';
import { isUniqueViolation, newId, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { findSku, listSkus, type SkuRow } from '../pricing';
import { findUserById } from '../users';
import {
  deleteIdempotencyKey,
  findIdempotencyKey,
  findOrder,
  findOrderItems,
  findLatestAttempt,
  findQrCodeByHash,
  findRefundsOfOrders,
  insertIdempotencyKey,
  insertOrder,
  insertQrCode,
  useQrCode,
  type OrderItemRow,
  type OrderRow,
} from './orders.repository';
import { paymentSubject } from './payment-subject';
import { refuseWhilePendingDeletion } from './pending-deletion';
import { customerRefundState } from './refund-states';

// Orders: creating them (price from the catalogue only), reading them (owner or pay token),
// desktop-app payment codes. Payments live in payments.service.ts, refunds in refunds.service.ts.

export interface OrderSettings {
  /** an unpaid order expires this long after creation */
  orderTtlMs: number;
  /** a desktop-app payment code is valid this long */
  qrCodeTtlMs: number;
  /** an Idempotency-Key is remembered this long */
  idempotencyTtlMs: number;
}

export interface ItemSelection {
  skuId?: string | undefined;
  itemType?: TOrderItemType | undefined;
  timeUnit?: TTimeUnit | undefined;
  quantity?: number | undefined;
  /** MEMBER or CHANNEL bought as seats (createV2 only) */
  asSeats?: boolean | undefined;
}

/**
 * Who asks: a web session (the site's cookie) or an app (Authorization header). Screen walls
 * are sold in the desktop app only (spec: "bought separately in the desktop app only"), so a
 * web session asking for MONITOR is refused (ADR 0035); the /pay page's code orders
 * (createOrderByCode) were made by the app and stay payable.
 */
export type OrderChannel = 'WEB' | 'APP';

function refuseWallsOnWeb(sku: SkuRow, caller: OrderChannel | undefined): void {
  if (caller === 'WEB' && sku.item_type === 'MONITOR') throw new AppError('WALLS_DESKTOP_APP_ONLY');
}

/** The SKU a caller may buy: resolveSku, with screen walls (by type or by SKU) refused to the site. */
async function sellableSku(db: Db, selection: ItemSelection, caller: OrderChannel | undefined): Promise<SkuRow> {
  if (caller === 'WEB' && selection.itemType === 'MONITOR') throw new AppError('WALLS_DESKTOP_APP_ONLY');
  const sku = await resolveSku(db, selection);
  refuseWallsOnWeb(sku, caller);
  return sku;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random URL-safe secret (codes, pay tokens): 128 bits or more. */
function secret(bytes = 18): string {
  return randomBytes(bytes).toString('base64url');
}

/** The one active SKU the caller means: by id, or by item type and time unit. */
async function resolveSku(db: Db, selection: ItemSelection): Promise<SkuRow> {
  if (selection.skuId !== undefined) {
    const sku = await findSku(db, selection.skuId);
    if (!sku || !sku.active) throw new AppError('SKU_NOT_AVAILABLE');
    if (selection.itemType !== undefined && sku.item_type !== selection.itemType) throw new AppError('SKU_NOT_AVAILABLE');
    if (selection.timeUnit !== undefined && sku.time_unit !== selection.timeUnit) throw new AppError('SKU_NOT_AVAILABLE');
    return sku;
  }
  const skus = (await listSkus(db, selection.itemType)).filter((sku) => sku.time_unit === (selection.timeUnit ?? null));
  const [only, ...rest] = skus;
  if (!only || rest.length > 0) throw new AppError('SKU_NOT_AVAILABLE');
  return only;
}

function itemOf(orderId: string, sku: SkuRow, quantity: number, asSeats = false): OrderItemRow {
  if (asSeats && sku.item_type !== 'MEMBER' && sku.item_type !== 'CHANNEL') throw new AppError('SKU_NOT_AVAILABLE');
  return {
    id: newId(),
    order_id: orderId,
    item_type: sku.item_type,
    sku_id: sku.id,
    time_unit: sku.time_unit,
    duration: sku.duration,
    units: sku.quantity,
    quantity,
    quality_tier: sku.quality_tier,
    price_fen: sku.price_fen,
    original_price_fen: Math.max(sku.original_price_fen, sku.price_fen),
    amount_fen: sku.price_fen * quantity,
    grant_json: null,
    as_seats: asSeats ? 1 : 0,
  };
}

/** An order's charged and list totals, fen: the one arithmetic behind orders and quotes. */
function totalsOf(items: OrderItemRow[]): { total: number; original: number } {
  return {
    total: items.reduce((sum, item) => sum + item.amount_fen, 0),
    original: items.reduce((sum, item) => sum + item.original_price_fen * item.quantity, 0),
  };
}

function newOrder(
  userId: string,
  source: 'WEB' | 'QR_CODE',
  items: OrderItemRow[],
  now: Date,
  settings: OrderSettings,
  id: string,
): OrderRow {
  const nowText = toDbDate(now);
  const { total, original } = totalsOf(items);
  return {
    id,
    user_id: userId,
    status: 'CREATED',
    source,
    currency: 'CNY',
    total_fen: total,
    original_total_fen: original,
    refunded_fen: 0,
    subject: paymentSubject(items),
    pay_token_hash: null,
    paid_payment_id: null,
    pay_method: null,
    pay_client: null,
    created_at: nowText,
    updated_at: nowText,
    expires_at: toDbDate(now.getTime() + settings.orderTtlMs),
    paid_at: null,
    fulfilled_at: null,
    completed_at: null,
    closed_at: null,
  };
}

/** The canonical form of a create request, for the Idempotency-Key comparison. */
function requestHash(selection: ItemSelection): string {
  const canonical = {
    skuId: selection.skuId ?? null,
    itemType: selection.itemType ?? null,
    timeUnit: selection.timeUnit ?? null,
    quantity: selection.quantity ?? 1,
    // only when set, so the hash of every other request is what it always was
    ...(selection.asSeats ? { asSeats: true } : {}),
  };
  return sha256(JSON.stringify(canonical));
}

export interface CreateOrderInput {
  userId: string;
  selection: ItemSelection;
  idempotencyKey?: string | undefined;
  /** more rows written in the order's transaction (e.g. which cloud PC a renewal order renews) */
  within?: ((trx: Db, orderId: string) => Promise<void>) | undefined;
  /** WEB: the site's session, which may not buy screen walls */
  caller?: OrderChannel | undefined;
}

/**
 * POST /order/quote: what createWebOrder would charge for this selection (same SKU lookup,
 * same item and totals), without writing anything, so the order page can show the figures before Pay Now (ADR 0035).
 */
export async function quoteOrder(db: Db, selection: ItemSelection, caller?: OrderChannel): Promise<TOrderQuote> {
  const sku = await sellableSku(db, selection, caller);
  const items = [itemOf('', sku, selection.quantity ?? 1, selection.asSeats === true)];
  const { total, original } = totalsOf(items);
  return { items: items.map(orderItemOf), currency: 'CNY', totalFen: total, originalTotalFen: original, discountFen: original - total };
}

/**
 * POST /order/createV2. With an Idempotency-Key the key row and the order are written in one
 * transaction; a second request with that key finds the row (after the first commits, the
 * unique primary key makes it wait or fail) and gets the same order, or 20009 when its body
 * differs. Keys are per user and remembered for settings.idempotencyTtlMs.
 */
export async function createWebOrder(db: Db, settings: OrderSettings, input: CreateOrderInput, now = new Date()): Promise<TOrderInfo> {
  const odb = db;
  const hash = requestHash(input.selection);
  // before the replay: a retried key answers no order while the account awaits its erasure
  await refuseWhilePendingDeletion(db, input.userId);
  if (input.idempotencyKey !== undefined) {
    const existing = await replayIdempotent(db, input.userId, input.idempotencyKey, hash, now);
    if (existing) return existing;
  }

  const sku = await sellableSku(db, input.selection, input.caller);
  const id = newId(now.getTime());
  const items = [itemOf(id, sku, input.selection.quantity ?? 1, input.selection.asSeats === true)];
  const order = newOrder(input.userId, 'WEB', items, now, settings, id);
  try {
    await odb.transaction().execute(async (trx) => {
      if (input.idempotencyKey !== undefined) {
        await insertIdempotencyKey(trx, {
          user_id: input.userId,
          idempotency_key: input.idempotencyKey,
          request_hash: hash,
          order_id: id,
          created_at: toDbDate(now),
          expires_at: toDbDate(now.getTime() + settings.idempotencyTtlMs),
        });
      }
      await insertOrder(trx, order, items);
      await input.within?.(trx, id);
    });
  } catch (error) {
    if (input.idempotencyKey === undefined || !isUniqueViolation(error)) throw error;
    // Someone with the same key committed first.
    const existing = await replayIdempotent(db, input.userId, input.idempotencyKey, hash, now);
    if (existing) return existing;
    throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', { cause: error });
  }
  return orderInfoOf(order, items, null);
}

async function replayIdempotent(db: Db, userId: string, key: string, hash: string, now: Date): Promise<TOrderInfo | undefined> {
  const odb = db;
  const row = await findIdempotencyKey(odb, userId, key);
  if (!row) return undefined;
  if (row.expires_at <= toDbDate(now)) {
    await deleteIdempotencyKey(odb, userId, key, toDbDate(now));
    return undefined;
  }
  if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  const order = await findOrder(odb, row.order_id);
  if (!order) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
  return loadOrderInfo(db, order);
}

// ---- Reading ---------------------------------------------------------------------------------

export function orderItemOf(item: OrderItemRow): TOrderItem {
  return {
    itemType: item.item_type as TOrderItem['itemType'],
    skuId: item.sku_id,
    timeUnit: item.time_unit as TOrderItem['timeUnit'],
    duration: Number(item.duration),
    units: Number(item.units),
    quantity: Number(item.quantity),
    priceFen: Number(item.price_fen),
    originalPriceFen: Number(item.original_price_fen),
    discountFen: (Number(item.original_price_fen) - Number(item.price_fen)) * Number(item.quantity),
    amountFen: Number(item.amount_fen),
  };
}

function orderInfoOf(order: OrderRow, items: OrderItemRow[], latest: { method: string; client: string } | null): TOrderInfo {
  const total = Number(order.total_fen);
  const original = Number(order.original_total_fen);
  return {
    id: order.id,
    status: order.status as TOrderInfo['status'],
    items: items.map(orderItemOf),
    currency: 'CNY',
    totalFen: total,
    originalTotalFen: original,
    discountFen: original - total,
    source: order.source as TOrderInfo['source'],
    createdAt: order.created_at,
    expiresAt: order.expires_at,
    paidAt: order.paid_at,
    fulfilledAt: order.fulfilled_at,
    payMethod: (order.pay_method ?? latest?.method ?? null) as TPayMethod | null,
    payClient: (order.pay_client ?? latest?.client ?? null) as TPayClient | null,
    refundedFen: Number(order.refunded_fen),
  };
}

export async function loadOrderInfo(db: Db, order: OrderRow): Promise<TOrderInfo> {
  const [items, latest] = await Promise.all([findOrderItems(db, order.id), findLatestAttempt(db, order.id)]);
  return orderInfoOf(order, items, latest ?? null);
}

export interface OrderCaller {
  userId?: string | undefined;
  payToken?: string | undefined;
}

/** True when the caller owns the order or holds its pay token. */
function mayAccess(order: OrderRow, caller: OrderCaller): boolean {
  if (caller.userId !== undefined && caller.userId === order.user_id) return true;
  if (caller.payToken !== undefined && order.pay_token_hash !== null) return sha256(caller.payToken) === order.pay_token_hash;
  return false;
}

/** An order the caller may see; everyone else gets ORDER_NOT_FOUND, never FORBIDDEN. */
export async function accessibleOrder(db: Db, id: string, caller: OrderCaller): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!order || !mayAccess(order, caller)) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

export async function getOrderInfo(db: Db, id: string, caller: OrderCaller): Promise<TOrderInfo> {
  const order = await accessibleOrder(db, id, caller);
  const info = await loadOrderInfo(db, order);
  // its owner sees where each refund stands, whatever the order's status (a double payment's
  // refund leaves it FULFILLED); a pay-code holder does not
  if (caller.userId !== order.user_id) return info;
  const refunds: TOrderRefund[] = [];
  for (const row of await findRefundsOfOrders(db, [order.id])) {
    const state = customerRefundState(row);
    if (state)
      refunds.push({
        amountFen: Number(row.amount_fen),
        state,
        requestedAt: row.created_at,
        updatedAt: row.completed_at ?? row.updated_at,
      });
  }
  return refunds.length ? { ...info, refunds } : info;
}

// ---- Desktop-app payment codes ---------------------------------------------------------------

/** POST /order/createQRCodeId: a single-use code for one item, valid settings.qrCodeTtlMs. */
export async function createQrCode(
  db: Db,
  settings: OrderSettings,
  webOrigin: string,
  userId: string,
  selection: ItemSelection,
  now = new Date(),
  caller?: OrderChannel,
): Promise<TQrCodeResult> {
  await refuseWhilePendingDeletion(db, userId);
  const sku = await sellableSku(db, selection, caller);
  const code = secret(24);
  const expiresAt = toDbDate(now.getTime() + settings.qrCodeTtlMs);
  await insertQrCode(db, {
    id: newId(now.getTime()),
    code_hash: sha256(code),
    user_id: userId,
    sku_id: sku.id,
    quantity: selection.quantity ?? 1,
    created_at: toDbDate(now),
    expires_at: expiresAt,
    used_at: null,
    order_id: null,
  });
  const path = `/pay?qrCodeId=${encodeURIComponent(code)}`;
  return { qrCodeId: code, expiresAt, path, url: `${webOrigin}${path}` };
}

/** What /pay shows as the account: the username, else the masked phone or email. */
export function accountLabel(user: { username: string | null; mobile: string | null; email: string | null }): string {
  if (user.username) return user.username;
  if (user.mobile) return maskPhone(user.mobile);
  if (user.email) return maskEmail(user.email);
  return '';
}

/**
 * POST /order/createOrderByCodeId: turns a code into an order for the code's owner, exactly
 * once (a conditional update marks it used in the transaction that inserts the order). The
 * answer carries a pay token: the caller is usually a phone that is not logged in.
 */
export async function createOrderByCode(db: Db, settings: OrderSettings, code: string, now = new Date()): Promise<TCodeOrderResult> {
  const odb = db;
  const row = await findQrCodeByHash(odb, sha256(code));
  if (!row) throw new AppError('QR_CODE_NOT_FOUND');
  if (row.used_at !== null) throw new AppError('QR_CODE_USED');
  if (row.expires_at <= toDbDate(now)) throw new AppError('QR_CODE_EXPIRED');

  const sku = await findSku(db, row.sku_id);
  if (!sku || !sku.active) throw new AppError('SKU_NOT_AVAILABLE');
  const user = await findUserById(db, row.user_id);
  if (!user) throw new AppError('QR_CODE_NOT_FOUND');
  await refuseWhilePendingDeletion(db, row.user_id);

  const id = newId(now.getTime());
  const items = [itemOf(id, sku, Number(row.quantity))];
  const payToken = secret(24);
  const order = { ...newOrder(row.user_id, 'QR_CODE', items, now, settings, id), pay_token_hash: sha256(payToken) };
  await odb.transaction().execute(async (trx) => {
    if (!(await useQrCode(trx, row.id, id, toDbDate(now)))) {
      const again = await findQrCodeByHash(trx, row.code_hash);
      throw new AppError(again?.used_at ? 'QR_CODE_USED' : 'QR_CODE_EXPIRED');
    }
    await insertOrder(trx, order, items);
  });
  const info = orderInfoOf(order, items, null);
  const item = info.items[0];
  if (!item) throw new Error('order without items');
  return { order: info, payToken, account: accountLabel(user), nickname: user.nickname, item, discountFen: info.discountFen };
}
