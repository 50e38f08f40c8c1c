import { randomBytes, randomInt } from 'node:crypto';
import { newId, toDbDate } from '../../../src/db/dialect';
import { type Db } from '../../../src/db/schema';
import { insertUser } from '../../../src/modules/users/users.repository';
import { generateReferralCode } from '../../../src/modules/referrals/referrals.service';
import { withReferralTables } from '../../../src/modules/referrals/referrals.tables';

// Real rows for the ledger tests: users, ambassadors and bindings written straight into the
// database, with the times a test needs.

export const DAY = 24 * 3_600_000;
export const HOUR = 3_600_000;

let counter = 0;
const run = randomBytes(3).toString('hex');
const mobileBlock = String(randomInt(1000, 10000));

export interface TestUser {
  id: string;
  mobile: string;
  email: string;
}

export async function insertTestUser(db: Db, contact: { mobile?: string; email?: string } = {}): Promise<TestUser> {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  const user = { id: newId(), mobile: contact.mobile ?? `137${mobileBlock}${n}`, email: contact.email ?? `ref${run}${n}@example.com` };
  await insertUser(db, {
    id: user.id,
    username: `ref${run}${n}`,
    mobile: user.mobile,
    email: user.email,
    nickname: `ref${run}${n}`,
    passwordHash: 'not-a-real-hash',
    now: toDbDate(new Date()),
  });
  return user;
}

/** Makes `user` an ambassador with a code of its own; returns the code. */
export async function makeAmbassador(db: Db, userId: string): Promise<string> {
  const code = generateReferralCode();
  await withReferralTables(db).insertInto('ambassadors').values({ user_id: userId, referral_code: code, activity_type: 'LZ', joined_at: toDbDate(new Date()) }).execute();
  return code;
}

export async function bind(db: Db, referredUserId: string, ambassadorUserId: string, boundAt: Date, code = 'XXXXXXXX'): Promise<void> {
  await withReferralTables(db)
    .insertInto('referral_bindings')
    .values({
      referred_user_id: referredUserId,
      ambassador_user_id: ambassadorUserId,
      referral_code: code,
      bound_at: toDbDate(boundAt),
      expires_at: toDbDate(boundAt.getTime() + 60 * DAY),
    })
    .execute();
}

export function commissionsOf(db: Db, orderId: string) {
  return withReferralTables(db).selectFrom('commissions').selectAll().where('order_id', '=', orderId).orderBy('order_item_id').execute();
}
