import { type Db } from '../../infrastructure/db/schema';
import { type PasskeyRow, passkeysTables } from './passkeys.tables';

export type { PasskeyRow };

/** Throws the database's unique violation when the credential id is registered already. */
export async function insertPasskey(db: Db, row: PasskeyRow): Promise<void> {
  await passkeysTables(db).insertInto('passkeys').values(row).execute();
}

/** The account's passkeys, oldest first. */
export function listPasskeysOfUser(db: Db, userId: string): Promise<PasskeyRow[]> {
  return passkeysTables(db).selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function countPasskeysOfUser(db: Db, userId: string): Promise<number> {
  const row = await passkeysTables(db)
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return passkeysTables(db).selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/** Deletes a passkey only when it belongs to the user; true when one was deleted. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await passkeysTables(db).deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Renames a passkey only when it belongs to the user; true when one was renamed. */
export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const result = await passkeysTables(db)
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records a use: the new counter, backup state and time, only if the counter is still the one
 * the assertion was checked against (compare-and-set), so of two assertions verified at once
 * against the same stored counter only one counts. False when another use came first.
 */
export async function recordPasskeyUse(
  db: Db,
  id: string,
  expectedCounter: number,
  use: { counter: number; backedUp: number; deviceType: string; now: string },
): Promise<boolean> {
  const result = await passkeysTables(db)
    .updateTable('passkeys')
    .set({ counter: use.counter, backed_up: use.backedUp, device_type: use.deviceType, last_used_at: use.now })
    .where('id', '=', id)
    .where('counter', '=', expectedCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePasskeysByUser(db: Db, userId: string): Promise<number> {
  const result = await passkeysTables(db).deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
