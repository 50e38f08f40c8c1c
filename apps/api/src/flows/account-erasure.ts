import { toDbDate } from '../infrastructure/db/dialect';
import { type Db } from '../infrastructure/db/schema';
import { type KeyValueStore } from '../infrastructure/kv';
import { deleteSecurityData, endUserSessions } from '../modules/auth';
import { eraseMembershipsOf } from '../modules/organisations';
import { deletePasskeysOfUser } from '../modules/passkeys';
import { deleteAlertsOfUser, pseudonymiseConnectionRecords } from '../modules/sessions';
import { ERASE_BATCH, ERASED_PASSWORD_HASH, pseudonymOf } from '../modules/profile';
import { eraseUserRow, findUsersDueForErasure } from '../modules/users';

// Account erasure (the `accounts-erase` job; docs/adr/0039-flows-and-life-cycles.md). An account
// cancelled through the profile (a CANCEL_ACCOUNT code, then a cooling-off: modules/profile)
// loses its personal data once the cooling-off is over: users, auth and passkeys each erase
// their part, in one transaction. What stays and why: modules/users/README.md.

/**
 * Erases one account whose cooling-off is over; false when it is not due (restored, or
 * already erased). Everything in one transaction, so an account is never half erased.
 */
export async function eraseAccount(db: Db, kv: KeyValueStore, userId: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // 1. The user row keeps its id (orders, payments and the ledger refer to it) under a
    //    pseudonym, with a password hash no password verifies against; not due: nothing happens.
    if (!(await eraseUserRow(trx, userId, pseudonymOf(userId), ERASED_PASSWORD_HASH, toDbDate(now)))) return false;
    // 2. Every session ends, and with them the unused access keys they minted (a key is worth no
    //    more than its session: access-keys.service).
    await endUserSessions(trx, kv, userId, now);
    // 3. The security centre's rows: the TOTP secret and backup codes, the sign-in history (its
    //    IPs and user agents are personal data), the notification settings.
    await deleteSecurityData(trx, userId);
    // 4. The passkeys: a credential of an erased account never logs in again.
    await deletePasskeysOfUser(trx, userId);
    // 5. Its side of every connection record: account, devices, addresses and notes go; the
    //    other side of each session keeps its history. Its access alerts and notifications go.
    await pseudonymiseConnectionRecords(trx, userId);
    await deleteAlertsOfUser(trx, userId);
    // 6. Its organisation memberships and department-admin rows, each audited by the system; an
    //    organisation it was the last owner of gets its first-joined admin as owner (ADR 0043).
    await eraseMembershipsOf(trx, userId, now);
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
