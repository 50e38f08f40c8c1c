import { ADMIN_SESSION_COOKIE, type TPayMethod } from '@llk/contracts';
import { expect } from 'vitest';
import { type App } from '../../../src/composition/app';
import { type Db } from '../../../src/infrastructure/db/schema';
import { type TStaffRole } from '../../../src/modules/admin/permissions';
import { createStaff } from '../../../src/modules/admin/staff.service';
import { createStaffSession } from '../../../src/modules/admin/staff-sessions.service';
import { chargeKey } from '../../../src/modules/payments/sandbox/charges';
import { newOrder, newUser, startPay } from '../orders/support';

// The back office's tests: staff sessions made through the service (as the set-up and log-in
// will), and orders paid in the built-in payment sandbox.

export interface Staff {
  id: string;
  cookies: Record<string, string>;
}

let counter = 0;

/** A staff member who finished the set-up, with a live session cookie. */
export async function newStaff(db: Db, role: TStaffRole): Promise<Staff> {
  counter += 1;
  const staff = await createStaff(db, { username: `s${counter}${Math.random().toString(36).slice(2, 8)}`, role, createdBy: null });
  await db.updateTable('staff').set({ password_hash: 'x', totp_secret: 'y', setup_token_hash: null }).where('id', '=', staff.id).execute();
  const { token } = await createStaffSession(db, { staffId: staff.id, secondFactor: 'TOTP' });
  return { id: staff.id, cookies: { [ADMIN_SESSION_COOKIE]: token } };
}

export function auditOf(db: Db, targetId: string) {
  return db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).orderBy('id').execute();
}

/** A customer with an order of `skuId` paid in the sandbox (notification delivered, fulfilled). */
export async function sandboxPaidOrder(app: App, skuId: string, method: TPayMethod = 'ZFB') {
  const user = await newUser(app);
  const order = await newOrder(app, user.token, { skuId });
  const paymentNo = await startPay(app, order.id, method, user.token);
  const sandbox = await app.paymentSandbox!.get();
  const paid = await sandbox.pay(method, paymentNo);
  expect(paid.result).toBe('delivered');
  return { user, order, paymentNo };
}

/** A charge the customer paid in the sandbox whose notification never arrived. */
export async function sandboxPayWithoutNotifying(app: App, method: TPayMethod, paymentNo: string): Promise<void> {
  const sandbox = await app.paymentSandbox!.get();
  const charge = await sandbox.charge(method, paymentNo);
  if (!charge) throw new Error(`no sandbox charge ${paymentNo}`);
  await sandbox.store.set(chargeKey(method, paymentNo), { ...charge, state: 'PAID', paidAt: new Date().toISOString() });
}
