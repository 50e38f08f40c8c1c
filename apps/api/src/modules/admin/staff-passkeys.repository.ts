import { type Db } from '../../infrastructure/db/schema';
import { adminTables, type StaffPasskeyRow } from './admin.tables';

export { type StaffPasskeyRow } from './admin.tables';

// Staff passkeys (migration 0033): the reads and writes of their ceremonies.

export async function insertStaffPasskey(db: Db, row: StaffPasskeyRow): Promise<void> {
  await adminTables(db).insertInto('staff_passkeys').values(row).execute();
}

export function listStaffPasskeys(db: Db, staffId: string): Promise<StaffPasskeyRow[]> {
  return adminTables(db)
    .selectFrom('staff_passkeys')
    .selectAll()
    .where('staff_id', '=', staffId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findStaffPasskeyByCredentialId(db: Db, credentialId: string): Promise<StaffPasskeyRow | undefined> {
  return adminTables(db).selectFrom('staff_passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function deleteStaffPasskey(db: Db, staffId: string, id: string): Promise<StaffPasskeyRow | undefined> {
  const row = await adminTables(db)
    .selectFrom('staff_passkeys')
    .selectAll()
    .where('id', '=', id)
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await adminTables(db).deleteFrom('staff_passkeys').where('id', '=', id).where('staff_id', '=', staffId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? row : undefined;
}

export async function deleteStaffPasskeysOf(db: Db, staffId: string): Promise<number> {
  const result = await adminTables(db).deleteFrom('staff_passkeys').where('staff_id', '=', staffId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records a use only if the counter is still the one checked (compare-and-set, as for customers). */
export async function recordStaffPasskeyUse(
  db: Db,
  id: string,
  expectedCounter: number,
  use: { counter: number; backedUp: number; deviceType: string; now: string },
): Promise<boolean> {
  const result = await adminTables(db)
    .updateTable('staff_passkeys')
    .set({ counter: use.counter, backed_up: use.backedUp, device_type: use.deviceType, last_used_at: use.now })
    .where('id', '=', id)
    .where('counter', '=', expectedCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
