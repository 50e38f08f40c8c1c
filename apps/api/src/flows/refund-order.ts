import { localeEntries, type TCloudPcDevice, type TOrderInfo } from '@llk/contracts';
import { formatFen } from '@llk/contracts/money';
import { toDbDate } from '../infrastructure/db/dialect';
import { type Db } from '../infrastructure/db/schema';
import { AppError } from '../infrastructure/http/app-error';
import { recordAudit, type StaffActor } from '../infrastructure/http/staff';
import {
  checkFirstOrderRefund,
  claimFirstOrder,
  firstOrderRefundAnswer,
  refundableRenewalsOf,
  undoFirstOrderClaim,
} from '../modules/cloud-pc';
import { claimRenewalRefund, isMachineReleasedByRefund, revokeFulfilment } from '../modules/fulfilment';
import { postRefundOwed, postRefundWithdrawn, postSettledRefund } from '../modules/ledger';
import { findOrder, findOrderItems, moveOrder } from '../modules/orders';
import {
  answerCaller,
  askAboutRefund,
  askGateway,
  claimPaymentRefund,
  confirmRefund,
  findPayment,
  findRefund,
  flagPaymentForRefund,
  insertRefund,
  isOrderRefund,
  newRefundRow,
  paymentOfRefund,
  queuedRefund,
  refundAmountOf,
  REFUNDABLE_ORDER_STATUSES,
  type RefundContext,
  type RefundDeps,
  type RefundRequest,
  type RefundRow,
  reopenUnknownRefund,
  requireStillOwed,
  sendRefund,
  settledStatus,
  type StaffRefundAction,
  type StaffRefundContext,
  type StaffRefundRequest,
  type TSettlement,
  withdrawRefund,
} from '../modules/payments';
import { reverseCommissionsForOrder } from '../modules/referrals';
import { forgetRevokedSeats } from '../modules/seats';

// Refunding an order, every path (docs/adr/0039-flows-and-life-cycles.md; the states and the
// staff queue: docs/adr/0015). The payments module keeps the refund row and its conversations
// with the gateway (newRefundRow, moveRefund, sendRefund, askGateway, the retries and the
// lease); what a refund changes elsewhere is composed here, in the transaction of its row:
//   - the order moves (orders), its refund is owed and later settled or withdrawn (ledger);
//   - the caller's claim commits with the refund row: a cloud-PC machine released (cloud-pc),
//     a renewal claimed (fulfilment), staff's limit and audit record;
//   - settling takes back what fulfilment granted, reverses the commission (referrals) and,
//     once committed, makes the revoked seats' devices forget them (seats).
// Who starts one: the customer (a cloud-PC first order within 15 minutes), staff (the order
// page, SUPPORT capped; the refund queue's retry, settle by hand, not owed), and the system (a
// double payment, an undeliverable renewal: the order sweep). Whoever asks a gateway again (the
// sweep, a Stripe refund event) is handed `settleRefund` or calls `askRefundAgain`.

/** What refunding needs from its caller: the database, the gateways, the shared store, a log. */
export type { RefundContext } from '../modules/payments';

/** A refund's conversations settle through this flow, wherever the gateway's answer arrives. */
function depsOf(ctx: RefundContext): RefundDeps {
  return { ...ctx, settleRefund };
}

export interface RefundClaims {
  /**
   * Runs in the transaction that writes the refund row, before it: whatever it claims (a
   * released machine) commits together with the refund or not at all. Throwing aborts both.
   */
  claim?: (trx: Db) => Promise<void>;
  /**
   * A refusal of the first request withdraws the refund at once (nothing owed, no staff queue,
   * no alert) and runs this, which undoes what `claim` claimed (the cloud-PC machine runs
   * again), in the same transaction as the refusal and the withdrawal: either all of it commits
   * or the refund stays open, and the sweep asks again and queues the refusal with its alert.
   */
  unclaimIfRefused?: (trx: Db) => Promise<void>;
}

/** Writes an order refund's row and posts what it makes owed, in the caller's transaction. */
async function insertOrderRefund(trx: Db, row: RefundRow, now: Date): Promise<void> {
  await insertRefund(trx, row);
  await postRefundOwed(trx, { refundId: row.id, refundNo: row.refund_no, amountFen: Number(row.amount_fen), at: now });
}

/**
 * A refused order refund nobody owes any more, in the caller's transaction: WITHDRAWN, the order
 * back where it was, the debt taken back in the ledger; false when it was not FAILED any more.
 */
async function withdrawOrderRefund(trx: Db, refund: RefundRow, now: Date, by: 'GATEWAY' | 'STAFF'): Promise<boolean> {
  if (!(await withdrawRefund(trx, refund, now, by))) return false;
  await postRefundWithdrawn(trx, { refundId: refund.id, refundNo: refund.refund_no, amountFen: Number(refund.amount_fen), at: now });
  const order = await findOrder(trx, refund.order_id);
  if (order?.status === 'REFUNDING') {
    const withdraw = { change: 'withdraw-refund', from: ['REFUNDING'], to: settledStatus(order), by } as const;
    await moveOrder(trx, order.id, withdraw, { updated_at: toDbDate(now) });
  }
  return true;
}

/** Starts a refund of (part of) a paid order and asks the gateway; returns the refund row. */
export async function refundOrder(
  ctx: RefundContext,
  orderId: string,
  request: RefundRequest,
  now = new Date(),
  claims: RefundClaims = {},
): Promise<RefundRow> {
  const nowText = toDbDate(now);
  const refund = await ctx.db.transaction().execute(async (trx) => {
    // 1. The order is paid and has the amount left to refund; it becomes REFUNDING (of racing
    //    callers exactly one gets past this conditional move).
    const order = await findOrder(trx, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const { amount, paymentId } = refundAmountOf(order, request.amountFen);
    const startRefund = { change: 'start-refund', from: REFUNDABLE_ORDER_STATUSES, to: 'REFUNDING', by: request.by ?? 'SYSTEM' } as const;
    if (!(await moveOrder(trx, order.id, startRefund, { updated_at: nowText }))) throw new AppError('REFUND_NOT_ALLOWED');
    // 2. The caller's claim commits with the refund row, or neither does.
    await claims.claim?.(trx);
    // 3. The refund row (PENDING, held by its first attempt) and the money it makes owed.
    const row = newRefundRow(order.id, paymentId, amount, request.reason, now);
    await insertOrderRefund(trx, row, now);
    return row;
  });
  // 4. The gateway is asked once. A refusal at once, when the caller can undo its claim, is
  //    withdrawn with the claim undone; a confirmed refund is settled (settleRefund).
  const { unclaimIfRefused } = claims;
  const withdrawIfRefused = unclaimIfRefused
    ? async (trx: Db, refused: RefundRow) => {
        await withdrawOrderRefund(trx, refused, now, 'GATEWAY');
        await unclaimIfRefused(trx);
      }
    : undefined;
  return answerCaller(await sendRefund(depsOf(ctx), refund, now, withdrawIfRefused));
}

/**
 * Refunds a payment flagged needs_refund (a double payment); the order is left alone. The claim
 * and the refund row are one transaction, so of any number of concurrent callers exactly one
 * sends the refund; the others get REFUND_NOT_ALLOWED.
 */
export async function refundDoublePayment(ctx: RefundContext, paymentId: string, now = new Date()): Promise<RefundRow> {
  const nowText = toDbDate(now);
  const refund = await ctx.db.transaction().execute(async (trx) => {
    // 1. The payment is a flagged double payment, and this caller claims its refund.
    const payment = await findPayment(trx, paymentId);
    if (!payment || payment.state !== 'PAID' || Number(payment.needs_refund) !== 1) throw new AppError('REFUND_NOT_ALLOWED');
    if (!(await claimPaymentRefund(trx, payment.id, nowText))) throw new AppError('REFUND_NOT_ALLOWED');
    // 2. Its refund row; payable:double-payment has owed it since the money arrived: nothing more to post.
    const row = newRefundRow(payment.order_id, payment.id, Number(payment.amount_fen), 'double payment', now);
    await insertRefund(trx, row);
    return row;
  });
  // 3. The gateway is asked once.
  return answerCaller(await sendRefund(depsOf(ctx), refund, now));
}

/**
 * A paid cloud-PC renewal fulfilment could not deliver (its machine was gone), or one of a
 * machine whose first-order refund was claimed (the order sweep): refunded in full, once. The
 * claim on the renewal is written with the refund row, so a refund the gateway refuses goes to
 * the staff queue and is never started again.
 */
export async function refundUndeliveredRenewal(
  ctx: RefundContext,
  orderId: string,
  undeliverable: boolean,
  now = new Date(),
): Promise<RefundRow> {
  const reason = undeliverable
    ? 'cloud PC renewal paid after its machine was released'
    : 'cloud PC: renewal of a first order refunded within 15 minutes';
  return refundOrder(ctx, orderId, { reason, by: 'SYSTEM' }, now, {
    claim: async (trx) => {
      if (!(await claimRenewalRefund(trx, orderId, now))) throw new AppError('REFUND_NOT_ALLOWED');
    },
  });
}

/** An open refund asked about again (the sweep's due refunds, a Stripe refund event); settled here when the gateway confirms it. */
export function askRefundAgain(ctx: RefundContext, refundId: string, now = new Date()): Promise<RefundRow> {
  return askGateway(depsOf(ctx), refundId, now);
}

/**
 * POST /cloudPc/devices/{id}/refund: the account's first cloud-PC order, within 15 minutes of
 * its payment, once, together with every paid renewal of the machine (docs/adr/0015). The
 * claim (the machine released, an open renewal order cancelled) is written in the transaction
 * that writes the rental's refund row, so of any number of concurrent calls exactly one gets
 * past it and a machine is never released without its refund on record. A gateway that
 * refuses at once puts the claim back (the refund withdrawn and the machine running again, in
 * one transaction; should it fail, the refund stays open and the sweep queues the refusal); one that
 * times out leaves the refund open for the sweep, and one that refuses later puts it in the
 * staff queue (the machine stays released, the money owed). The renewals are read again after
 * the claim: one paid while this call ran is refunded too, here or by the sweep (which refunds
 * every paid renewal of a claimed machine, each once). A machine whose claim went through but
 * whose refunds did not all get written (a crash between two orders) is finished by calling
 * again once the claim is a minute old, even after the 15 minutes: what was claimed in time is
 * owed. Within that minute the claim belongs to the call working on it (60103).
 */
export async function refundFirstCloudPcOrder(
  ctx: RefundContext,
  userId: string,
  machineId: string,
  now = new Date(),
): Promise<{ device: TCloudPcDevice; order: TOrderInfo }> {
  // 1. The machine is the account's first order, inside its 15 minutes (or claimed in time and
  //    still owed something); what is owed: its rental (unless refunded already) and renewals.
  const { machine, rental, claimed } = await checkFirstOrderRefund(ctx.db, userId, machineId, now);
  const nowText = toDbDate(now);
  const claimedAt = claimed ?? nowText;

  // 2. The rental's refund, with the claim in its transaction; a refusal at once puts the claim back.
  let rentalTimedOut: AppError | null = null;
  if (rental) {
    try {
      await refundOrder(ctx, rental.orderId, { reason: 'cloud PC: first order refunded within 15 minutes', by: 'CUSTOMER' }, now, {
        claim: (trx) => claimFirstOrder(trx, machine, now, claimed),
        // refused at once: the claim is put back with the refund's withdrawal, so nothing is owed
        ...(claimed === null ? { unclaimIfRefused: (trx: Db) => undoFirstOrderClaim(trx, machine, claimedAt, now) } : {}),
      });
    } catch (error) {
      if (error instanceof AppError && error.codeName === 'REFUND_NOT_ALLOWED')
        throw new AppError('CLOUD_PC_REFUND_NOT_ALLOWED', { cause: error });
      // no answer yet: the sweep finishes the rental; the renewals are still refunded now
      if (error instanceof AppError && error.codeName === 'GATEWAY_TIMEOUT') rentalTimedOut = error;
      else throw error;
    }
  }
  // 3. Every paid renewal, read after the claim committed (a renewal paid meanwhile is owed too),
  //    each claimed with its refund row.
  for (const renewalId of await refundableRenewalsOf(ctx.db, machine)) {
    try {
      await refundOrder(ctx, renewalId, { reason: 'cloud PC: renewal of a first order refunded within 15 minutes', by: 'CUSTOMER' }, now, {
        claim: async (trx) => {
          if (!(await claimRenewalRefund(trx, renewalId, now))) throw new AppError('REFUND_NOT_ALLOWED');
        },
      });
    } catch (error) {
      // another call (or the sweep) is refunding this renewal already; a timeout or a refusal
      // leaves it to the sweep or the staff queue, and the device list says which
      if (error instanceof AppError && ['REFUND_NOT_ALLOWED', 'GATEWAY_TIMEOUT', 'REFUND_FAILED'].includes(error.codeName)) continue;
      throw error;
    }
  }
  if (rentalTimedOut) throw rentalTimedOut;
  // 4. The machine and its order as they stand now.
  return firstOrderRefundAnswer(ctx.db, machine, now);
}

/**
 * A full or partial refund by staff (the order page). SUPPORT may refund at most
 * `supportRefundLimitFen` per refund (ADMIN_REFUND_OVER_LIMIT, 403, nothing written); the limit
 * is checked and the audit record written in the refund row's transaction, so an over-limit
 * refund leaves nothing behind.
 */
export async function refundAsStaff(
  ctx: StaffRefundContext,
  actor: StaffActor,
  orderId: string,
  request: StaffRefundRequest,
  now = new Date(),
): Promise<RefundRow> {
  const { reason } = request;
  return refundOrder(
    ctx,
    orderId,
    { ...(request.amountFen === undefined ? {} : { amountFen: request.amountFen }), reason, by: 'STAFF' },
    now,
    {
      claim: async (trx) => {
        // refundOrder has moved the order to REFUNDING in this transaction: it is ours now.
        const order = await findOrder(trx, orderId);
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        const refunded = Number(order.refunded_fen);
        const amount = request.amountFen ?? Number(order.total_fen) - refunded;
        if (actor.role === 'SUPPORT' && amount > ctx.supportRefundLimitFen) {
          throw new AppError('ADMIN_REFUND_OVER_LIMIT', {
            params: { limit: formatFen(ctx.supportRefundLimitFen, localeEntries[ctx.locale].iso) },
          });
        }
        await recordAudit(trx, {
          staffId: actor.staffId,
          action: 'order.refund',
          targetType: 'order',
          targetId: orderId,
          // the status it had: a refundable order's is told by its timestamps
          before: {
            status: order.completed_at ? 'COMPLETED' : order.fulfilled_at ? 'FULFILLED' : 'PAID',
            refundedFen: refunded,
            totalFen: Number(order.total_fen),
          },
          after: { status: 'REFUNDING', refundAmountFen: amount, full: amount === Number(order.total_fen) - refunded },
          reason,
          ...(actor.ip ? { ip: actor.ip } : {}),
          at: now,
        });
        request.passed?.();
      },
    },
  );
}

/** The only place a refund's money is confirmed back: SUCCEEDED (the gateway) or SETTLED (staff, by hand). */
export async function settleRefund(ctx: RefundContext, refund: RefundRow, settlement: TSettlement, now: Date): Promise<RefundRow> {
  const odb = ctx.db;
  const nowText = toDbDate(now);
  let revokedSeatIds: string[] = [];
  await odb.transaction().execute(async (trx) => {
    // 1. The refund row: SUCCEEDED or SETTLED (someone else settled it first: nothing more to do).
    if (!(await confirmRefund(trx, refund, settlement, now))) return;
    if (settlement.to === 'SETTLED') await settlement.audit?.(trx);
    // 2. The ledger: the money owed is paid back, through the gateway or by hand.
    await postSettledRefund(trx, refund, now, settlement.to === 'SUCCEEDED' ? 'GATEWAY' : 'BY_HAND');
    // 3. A double payment's refund leaves its order alone: the payment is no longer to refund.
    const order = await findOrder(trx, refund.order_id);
    if (!order) return;
    const isOrderRefund = order.paid_payment_id === refund.payment_id && order.status === 'REFUNDING';
    if (!isOrderRefund) {
      await flagPaymentForRefund(trx, refund.payment_id, false, nowText);
      return;
    }
    // 4. The order counts the refund: REFUNDED when nothing is left, else back where it was.
    const refunded = Number(order.refunded_fen) + Number(refund.amount_fen);
    const full = refunded >= Number(order.total_fen);
    const by = settlement.to === 'SUCCEEDED' ? 'GATEWAY' : 'STAFF';
    const finish = { change: 'finish-refund', from: ['REFUNDING'], to: full ? 'REFUNDED' : settledStatus(order), by } as const;
    await moveOrder(trx, order.id, finish, { refunded_fen: refunded, updated_at: nowText });
    // 5. Commission is earned only by orders that see no refund within its window: a refund takes it
    //    back (pending: reversed; already effective: a clawback line).
    await reverseCommissionsForOrder(trx, order.id, now);
    // 6. A full refund takes back what fulfilment granted (its span only: docs/adr/0015).
    if (full && order.fulfilled_at) {
      revokedSeatIds = (await revokeFulfilment(trx, order.user_id, await findOrderItems(trx, order.id), now)).seatIds;
    }
  });
  // 7. Committed: the devices that held the revoked seats stop answering them at their next beat.
  if (revokedSeatIds.length) await forgetRevokedSeats(odb, ctx.kv, revokedSeatIds);
  return (await findRefund(odb, refund.id)) ?? refund;
}

// ---- The staff queue (docs/adr/0015, "Refund states and the staff queue") ----------------------

/**
 * Staff try a queued refund again, once and deliberately. UNKNOWN: asked again under its own
 * number (query first, so it never pays twice). FAILED: that number was refused for good, so a
 * new refund of the same amount takes its place (the old one WITHDRAWN, 'retried:<new id>'),
 * and the gateway is asked once. Returns the refund that now carries the money, as it stands.
 */
export async function retryQueuedRefund(
  ctx: RefundContext,
  refundId: string,
  action: StaffRefundAction,
  now = new Date(),
): Promise<RefundRow> {
  const odb = ctx.db;
  const refund = await queuedRefund(odb, refundId);
  const payment = await paymentOfRefund(odb, refund);
  if (refund.state === 'UNKNOWN') {
    // 1a. Back to PENDING, held for this conversation, with the audit record; then asked once.
    await odb.transaction().execute(async (trx) => {
      if (!(await reopenUnknownRefund(trx, refund, now))) throw new AppError('REFUND_NOT_ALLOWED');
      await action.audit(trx, refund);
    });
    return askAboutRefund(depsOf(ctx), { ...refund, state: 'PENDING' }, payment, now);
  }
  // 1b. The refused refund is withdrawn and a new one of the same amount takes its place, while
  //     it is still owed; an order refund's debt moves to the new refund in the ledger.
  const replacement = await odb.transaction().execute(async (trx) => {
    const order = await findOrder(trx, refund.order_id);
    if (!order) throw new AppError('REFUND_NOT_ALLOWED');
    const row = newRefundRow(order.id, refund.payment_id, Number(refund.amount_fen), refund.reason, now);
    if (!(await withdrawRefund(trx, refund, now, 'STAFF', `retried:${row.id}`))) throw new AppError('REFUND_NOT_ALLOWED');
    await requireStillOwed(trx, order, refund);
    await action.audit(trx, refund);
    if (order.paid_payment_id === refund.payment_id) {
      // the debt moves to the new refund: withdrawn under the old one, owed under the new one
      await postRefundWithdrawn(trx, { refundId: refund.id, refundNo: refund.refund_no, amountFen: Number(refund.amount_fen), at: now });
      await insertOrderRefund(trx, row, now);
    } else {
      await insertRefund(trx, row);
    }
    return row;
  });
  // 2. The new refund is sent once.
  return sendRefund(depsOf(ctx), replacement, now);
}

/** Staff paid a queued refund back another way (bank transfer, the merchant console) and record it. */
export async function settleQueuedRefundByHand(
  ctx: RefundContext,
  refundId: string,
  action: StaffRefundAction,
  now = new Date(),
): Promise<RefundRow> {
  const refund = await queuedRefund(ctx.db, refundId);
  return settleRefund(
    ctx,
    refund,
    { to: 'SETTLED', from: [refund.state as TSettlement['from'][number]], audit: (trx) => action.audit(trx, refund) },
    now,
  );
}

/**
 * Staff decide a refused order refund is not owed (NOT_OWED): withdrawn, the order back where it
 * was, the debt taken back. A double payment's refund is never withdrawn (that money is not
 * ours), nor one whose claim released a cloud PC (the customer would have neither the machine
 * nor the money; ADR 0015).
 */
export async function withdrawRefusedRefund(
  ctx: RefundContext,
  refundId: string,
  now = new Date(),
  action?: StaffRefundAction,
): Promise<RefundRow> {
  const odb = ctx.db;
  const refund = await queuedRefund(odb, refundId, ['FAILED']);
  if (!(await isOrderRefund(odb, refund))) throw new AppError('REFUND_NOT_ALLOWED');
  if (await isMachineReleasedByRefund(odb, refund.order_id)) throw new AppError('ADMIN_REFUND_MACHINE_RELEASED');
  await odb.transaction().execute(async (trx) => {
    const order = await findOrder(trx, refund.order_id);
    if (!order || !(await withdrawOrderRefund(trx, refund, now, 'STAFF'))) throw new AppError('REFUND_NOT_ALLOWED');
    await requireStillOwed(trx, order, refund);
    await action?.audit(trx, refund);
  });
  return (await findRefund(odb, refund.id)) ?? refund;
}
