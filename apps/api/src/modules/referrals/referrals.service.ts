import { randomInt } from 'node:crypto';
import {
  AMBASSADOR_LIST_LIMIT,
  maskEmail,
  maskPhone,
  maskReferredAccount,
  normalizeReferralCode,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_QUERY_PARAM,
  REFERRAL_RULES,
  type TActivityType,
  type TAmbassadorInfo,
  type TAmbassadorJoinResult,
  type TAmbassadorPayeeRequest,
  type TCommissionState,
} from '@llk/contracts';
import { fromDbDate, isUniqueViolation, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { findUserById, updateEntitlements } from '../users';
import { matureCommissions } from './commission.service';
import {
  commissionTotals,
  findAmbassadorByCode,
  findAmbassadorByUser,
  insertAmbassador,
  insertBinding,
  listCommissionLines,
  listReferredUsers,
  type AmbassadorRow,
  type BindingRow,
} from './referrals.repository';
import { balancesOf, payoutThreshold, setPayee } from './payouts.service';
import { verifyPassword } from '../auth';

const DAY_MS = 24 * 3_600_000;
const CODE_ATTEMPTS = 8;

/** A fresh random referral code (8 × 5 bits from crypto). */
export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** The link an ambassador shares: the web home page with ?ref=CODE (WEB_ORIGIN is public). */
function referralLinkOf(webOrigin: string, code: string): string {
  const url = new URL('/', webOrigin);
  url.searchParams.set(REFERRAL_QUERY_PARAM, code);
  return url.toString();
}

function joinResult(
  row: Pick<AmbassadorRow, 'referral_code' | 'joined_at' | 'activity_type'>,
  webOrigin: string,
  created: boolean,
): TAmbassadorJoinResult {
  return {
    activityType: row.activity_type as TActivityType,
    referralCode: row.referral_code,
    referralLink: referralLinkOf(webOrigin, row.referral_code),
    joinedAt: fromDbDate(row.joined_at).toISOString(),
    created,
  };
}

/**
 * POST /activity/participant/marketingAmbassador: the user joins and gets a referral code.
 * Idempotent: a user who has joined gets the same code back (also under concurrent joins,
 * where the primary key on user_id decides). A code collision draws a new code.
 */
export async function joinProgramme(
  db: Db,
  userId: string,
  activityType: TActivityType,
  webOrigin: string,
  now = new Date(),
): Promise<TAmbassadorJoinResult> {
  const existing = await findAmbassadorByUser(db, userId);
  if (existing) return joinResult(existing, webOrigin, false);
  if (!(await findUserById(db, userId))) throw new AppError('UNAUTHORIZED');
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const row = { user_id: userId, referral_code: generateReferralCode(), activity_type: activityType, joined_at: toDbDate(now) };
    try {
      await insertAmbassador(db, row);
      return joinResult(row, webOrigin, true);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const raced = await findAmbassadorByUser(db, userId);
      if (raced) return joinResult(raced, webOrigin, false);
      // else the code was taken: draw another
    }
  }
  throw new AppError('CONFLICT');
}

/** Whole days left in a binding, rounded up; 0 once it is over. */
export function remainingDays(binding: Pick<BindingRow, 'expires_at'>, now: Date): number {
  const left = fromDbDate(binding.expires_at).getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / DAY_MS) : 0;
}

/** GET /activity/participant/marketingAmbassador: the caller's code, link, referred users and commissions. */
export async function getAmbassadorInfo(db: Db, userId: string, webOrigin: string, now = new Date()): Promise<TAmbassadorInfo> {
  const ambassador = await findAmbassadorByUser(db, userId);
  const rules = { ...REFERRAL_RULES };
  if (!ambassador) {
    return {
      activityType: 'LZ',
      joined: false,
      referralCode: null,
      referralLink: null,
      joinedAt: null,
      rules,
      referredCount: 0,
      referredUsers: [],
      totals: { pendingFen: 0, effectiveFen: 0, paidOutFen: 0, reversedFen: 0 },
      commissionCount: 0,
      commissions: [],
      payout: { thresholdFen: await payoutThreshold(db), payeeAccount: null, payeeName: null },
    };
  }
  // The hourly sweep matures lines too; doing it here first means the page is never behind.
  await matureCommissions(db, now, userId);
  const [referred, lines, totals, balances, thresholdFen] = await Promise.all([
    listReferredUsers(db, userId, AMBASSADOR_LIST_LIMIT),
    listCommissionLines(db, userId, AMBASSADOR_LIST_LIMIT),
    commissionTotals(db, userId),
    balancesOf(db, [userId]),
    payoutThreshold(db),
  ]);
  const balance = balances.get(userId);
  const count = [...totals.values()].reduce((total, entry) => total + entry.count, 0);
  return {
    ...joinResult(ambassador, webOrigin, false),
    joined: true,
    rules,
    referredCount: referred.total,
    referredUsers: referred.rows.map((row) => ({
      account: maskReferredAccount(row),
      boundAt: fromDbDate(row.bound_at).toISOString(),
      expiresAt: fromDbDate(row.expires_at).toISOString(),
      remainingDays: remainingDays(row, now),
      active: fromDbDate(row.bound_at) <= now && now < fromDbDate(row.expires_at),
    })),
    totals: {
      pendingFen: balance?.pendingFen ?? 0,
      effectiveFen: (balance?.owedFen ?? 0) + (balance?.inBatchFen ?? 0),
      paidOutFen: balance?.paidFen ?? 0,
      reversedFen: balance?.reversedFen ?? 0,
    },
    commissionCount: count,
    commissions: lines.map((line) => ({
      id: line.id,
      account: maskReferredAccount(line),
      orderId: line.order_id,
      itemType: line.item_type,
      baseAmountFen: line.base_amount_fen,
      amountFen: line.amount_fen,
      state: line.state as TCommissionState,
      paidAt: fromDbDate(line.paid_at).toISOString(),
      effectiveAfter: fromDbDate(line.effective_after).toISOString(),
      reversedAt: line.reversed_at ? fromDbDate(line.reversed_at).toISOString() : null,
      paidOutAt: line.paid_out_at ? fromDbDate(line.paid_out_at).toISOString() : null,
    })),
    payout: {
      thresholdFen,
      payeeAccount: ambassador.payee_account ? maskPayee(ambassador.payee_account) : null,
      payeeName: ambassador.payee_name,
    },
  };
}

/** An Alipay account as the ambassador's page shows it: the phone or email masked. */
function maskPayee(account: string): string {
  return account.includes('@') ? maskEmail(account) : maskPhone(account);
}

/**
 * POST /activity/participant/payee: the ambassador says where payouts go. The account's password
 * confirms it (a session alone must not redirect the money); the change takes effect for the next
 * batch. Answers the payee as the page shows it.
 */
export async function setOwnPayee(
  db: Db,
  userId: string,
  body: TAmbassadorPayeeRequest,
): Promise<{ payeeAccount: string; payeeName: string }> {
  const [user, ambassador] = await Promise.all([findUserById(db, userId), findAmbassadorByUser(db, userId)]);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!ambassador) throw new AppError('AMBASSADOR_NOT_JOINED');
  if (!(await verifyPassword(user.password_hash, body.password))) throw new AppError('INVALID_CREDENTIALS');
  await setPayee(db, userId, { account: body.account, name: body.name });
  return { payeeAccount: maskPayee(body.account), payeeName: body.name };
}

/**
 * Membership from max(now, current expiry) plus `days` on the PRO plan: the rule fulfilment
 * applies to a bought membership, so a bonus never shortens a running one.
 */
function extendedMemberExpiry(user: { member_plan: string; member_expires_at: string | null }, days: number, now: Date): Date {
  const current = user.member_plan !== 'FREE' && user.member_expires_at ? fromDbDate(user.member_expires_at) : null;
  const from = current && current > now ? current : now;
  return new Date(from.getTime() + days * DAY_MS);
}

/** The new referred user's welcome: 3 days of Pro and 10 screen walls, at once. */
async function grantSignupBonus(trx: Db, userId: string, now: Date): Promise<void> {
  const user = await findUserById(trx, userId);
  if (!user) throw new Error(`grantSignupBonus: no user ${userId}`);
  const expiresAt = extendedMemberExpiry(user, REFERRAL_RULES.bonusProDays, now);
  await updateEntitlements(
    trx,
    userId,
    { member_plan: 'PRO', member_expires_at: toDbDate(expiresAt) },
    toDbDate(now),
    REFERRAL_RULES.bonusMonitors,
  );
}

/** Whether a (typed) referral code names a joined ambassador; malformed codes do not. */
export async function referralCodeExists(db: Db, rawCode: unknown): Promise<boolean> {
  const code = normalizeReferralCode(rawCode);
  return code !== null && (await findAmbassadorByCode(db, code)) !== undefined;
}

/**
 * Called by the sign-up inside its transaction, right after the user row is written. A valid
 * code of a joined ambassador binds the new user for 60 days and grants the bonus; anything
 * else (no code, malformed, unknown, the user's own) binds nothing and the sign-up goes on.
 */
export async function bindReferralAtSignup(trx: Db, newUserId: string, rawCode: unknown, now = new Date()): Promise<BindingRow | null> {
  const code = normalizeReferralCode(rawCode);
  if (!code) return null;
  const ambassador = await findAmbassadorByCode(trx, code);
  if (!ambassador || ambassador.user_id === newUserId) return null;
  const binding: BindingRow = {
    referred_user_id: newUserId,
    ambassador_user_id: ambassador.user_id,
    referral_code: code,
    bound_at: toDbDate(now),
    expires_at: toDbDate(now.getTime() + REFERRAL_RULES.bindingDays * DAY_MS),
  };
  await insertBinding(trx, binding);
  await grantSignupBonus(trx, newUserId, now);
  return binding;
}
