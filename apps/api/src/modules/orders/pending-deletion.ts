import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { findUserById } from '../users';

/**
 * An account scheduled for deletion (POST /user/cancel, in its cooling-off) buys nothing until it
 * is restored (ADR 0034): every way an order is made (createV2, a cloud PC's renewal,
 * a desktop-app payment code and the order it turns into) asks here first and gets
 * ACCOUNT_PENDING_DELETION, in the caller's language, instead of an order that would be paid for
 * an account about to be erased.
 */
export async function refuseWhilePendingDeletion(db: Db, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (user?.cancel_requested_at) throw new AppError('ACCOUNT_PENDING_DELETION');
}
