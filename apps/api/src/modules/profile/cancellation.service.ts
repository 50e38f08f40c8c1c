import { CANCEL_COOLING_OFF_DAYS, type TCancellation, type TDeliveryChannel, type TUserInfo } from '@llk/contracts';
import { fromDbDate, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type KeyValueStore } from '../../lib/kv';
import { sha256Hex } from '../../lib/secrets';
import { deleteSecurityData, endUserSessions } from '../auth';
import { deletePasskeysOfUser } from '../passkeys';
import { type CodeStore, consumeCode, reachableContact } from '../sms';
import { clearCancellation, eraseUserRow, findUsersDueForErasure, getUser, markCancelled, userInfoOf } from '../users';

// Account cancellation (the decision is in ../users/README.md): a CANCEL_ACCOUNT code
// starts a 15-day cooling-off during which the user can log in and restore the account; after
// it the `accounts-erase` job erases the personal data. What stays and why: the README.

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
export async function cancelAccount(db: Db, codes: CodeStore, userId: string, channel: TDeliveryChannel, code: string, now = new Date()): Promise<TCancellation> {
  const user = await getUser(db, userId);
  if (user.cancel_requested_at) throw new AppError('ACCOUNT_CANCEL_PENDING');
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

/**
 * Erases one account whose cooling-off is over; false when it is not due (restored, or
 * already erased). Everything in one transaction, so an account is never half erased.
 */
export async function eraseAccount(db: Db, kv: KeyValueStore, userId: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await eraseUserRow(trx, userId, pseudonymOf(userId), ERASED_PASSWORD_HASH, toDbDate(now)))) return false;
    // Every session ends, and with them the unused access keys they minted (a key is worth no
    // more than its session: access-keys.service).
    await endUserSessions(trx, kv, userId, now);
    // The security centre's rows go in this transaction too: the TOTP secret and backup codes,
    // the sign-in history (its IPs and user agents are personal data), the notification settings.
    await deleteSecurityData(trx, userId);
    // and the passkeys: a credential of an erased account never logs in again
    await deletePasskeysOfUser(trx, userId);
    return true;
  });
}

/** The `accounts-erase` job: every account whose cooling-off ended by `now` (a batch per run). */
export async function eraseDueAccounts(db: Db, kv: KeyValueStore, now = new Date()): Promise<number> {
  let erased = 0;
  for (const userId of await findUsersDueForErasure(db, toDbDate(now), ERASE_BATCH)) {
    if (await eraseAccount(db, kv, userId, now)) erased += 1;
  }
  return erased;
}
