import { CANCEL_COOLING_OFF_DAYS, type TCancellation, type TDeliveryChannel, type TUserInfo } from '@llk/contracts';
import { fromDbDate, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { sha256Hex } from '../../infrastructure/secrets';
import { guardNoSoleOwnership } from '../organisations';
import { type CodeStore, consumeCode, reachableContact } from '../sms';
import { clearCancellation, getUser, markCancelled, userInfoOf } from '../users';

// Account cancellation (the decision is in ../users/README.md): a CANCEL_ACCOUNT code
// starts a 15-day cooling-off during which the user can log in and restore the account; after
// it the `accounts-erase` job erases the personal data (flows/account-erasure.ts, with the
// pseudonym and the erased password hash defined here). What stays and why: the README.

export const COOLING_OFF_MS = CANCEL_COOLING_OFF_DAYS * 24 * 3_600_000;
/** Accounts erased per job run; the rest wait for the next run. */
export const ERASE_BATCH = 100;
/** Stored instead of a password hash: not a PHC string, so no password ever verifies against it. */
export const ERASED_PASSWORD_HASH = '!erased';

/** The nickname an erased account keeps: derived from its id, which orders already hold, so it reveals nothing new. */
export function pseudonymOf(userId: string): string {
  return `deleted-${sha256Hex(userId).slice(0, 10)}`;
}

/** POST /user/cancel: the CANCEL_ACCOUNT code sent to the account's phone or email. */
export async function cancelAccount(
  db: Db,
  codes: CodeStore,
  userId: string,
  channel: TDeliveryChannel,
  code: string,
  now = new Date(),
): Promise<TCancellation> {
  const user = await getUser(db, userId);
  if (user.cancel_requested_at) throw new AppError('ACCOUNT_CANCEL_PENDING');
  // an organisation is never left to an erased owner: ownership moves, or the organisation closes, first (ADR 0043)
  await guardNoSoleOwnership(db, userId);
  // an account without the asked channel was sent the code over its other one (POST /sms)
  await consumeCode(codes, 'CANCEL_ACCOUNT', reachableContact(user, channel).to, code);
  const requestedAt = toDbDate(now);
  const eraseAt = toDbDate(now.getTime() + COOLING_OFF_MS);
  if (!(await markCancelled(db, userId, requestedAt, eraseAt))) throw new AppError('ACCOUNT_CANCEL_PENDING');
  return { requestedAt: fromDbDate(requestedAt).toISOString(), eraseAt: fromDbDate(eraseAt).toISOString() };
}

/** POST /user/cancel/revoke: one click during the cooling-off restores the account as it was. */
export async function restoreAccount(db: Db, userId: string, now = new Date()): Promise<TUserInfo> {
  await getUser(db, userId);
  if (!(await clearCancellation(db, userId, toDbDate(now)))) throw new AppError('ACCOUNT_CANCEL_NOT_PENDING');
  return userInfoOf(await getUser(db, userId));
}
