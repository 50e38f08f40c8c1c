import { maskEmail, maskPhone, type TContactChangeResult, type TDeliveryChannel, type TLocale, type TUserInfo } from '@llk/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, toDbDate } from '../../infrastructure/db/dialect';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { type Delivery, renderContactNotice, type TNoticeKind } from '../../infrastructure/delivery';
import { type KeyValueStore } from '../../infrastructure/kv';
import { newToken, sha256Hex } from '../../infrastructure/secrets';
import { accountZone } from '../../infrastructure/time-text';
import { type CodeStore, consumeCode } from '../sms';
import {
  findUserByEmail,
  findUserByMobile,
  getUser,
  markContactVerified,
  releaseUnverifiedEmail,
  removeContact,
  replaceEmail,
  replaceMobile,
  updateNickname,
  type UserRow,
  userInfoOf,
} from '../users';

// Contact details. Each step is proved by a code of its own purpose sent to its own
// target, so a code cannot be carried from one flow to another:
//   bind email    BIND_EMAIL   → the new email
//   change email  BIND_EMAIL   → the current email  → ticket, then BIND_EMAIL → the new email
//   bind phone    BIND_MOBILE  → the new phone (accounts without one)
//   change phone  MODIFY_PHONE → the current phone  → ticket, then CHANGE_MOBILE → the new phone
//   unbind email  BIND_EMAIL   → the current email (while the phone is verified)
//   unbind phone  MODIFY_PHONE → the current phone (while the email is verified)
// Every address written by these flows is verified (the code proved it). An account always
// keeps at least one verified contact (ADR 0028): an unbind that would leave none is refused
// (LAST_VERIFIED_CONTACT), in the same statement that removes it. An email typed beside a phone
// at sign-up is unverified: binding an email replaces (or verifies) it.
// A ticket is a random secret kept (as its hash) in the key-value store for TICKET_TTL_MS,
// bound to the account, the channel and the address it proved; it is taken atomically when
// the change is made, so it works once. The row is updated only while it still holds the
// address the ticket proved (or none, for a bind), and the unique indexes decide a race with
// another account: PHONE_REGISTERED / EMAIL_REGISTERED.
// Another account's unverified email is no obstacle: binding (or changing to) it with a code
// takes it off that account in the transaction that writes it here (ADR 0028).

export const TICKET_TTL_MS = 10 * 60_000;

export interface ContactContext {
  db: Db;
  kv: KeyValueStore;
  codes: CodeStore;
  delivery: Delivery;
  locale: TLocale;
  log: FastifyBaseLogger;
  now?: Date;
}

interface StoredTicket {
  u: string; // user id
  c: TDeliveryChannel;
  o: string; // the address the first code proved
}

const ticketKey = (ticket: string) => `contact-ticket:${sha256Hex(ticket)}`;
const registeredError = (channel: TDeliveryChannel) => new AppError(channel === 'SMS' ? 'PHONE_REGISTERED' : 'EMAIL_REGISTERED');
const mask = (channel: TDeliveryChannel, value: string) => (channel === 'SMS' ? maskPhone(value) : maskEmail(value));

/** POST /user/updateProfile */
export async function updateProfile(db: Db, userId: string, nickname: string, now = new Date()): Promise<TUserInfo> {
  await getUser(db, userId);
  await updateNickname(db, userId, nickname, toDbDate(now));
  return userInfoOf(await getUser(db, userId));
}

/**
 * The address must be nobody's, or another account's unverified email (which the write takes);
 * when it is already the caller's own (a parallel call just bound it), `ownError`.
 */
async function ensureFree(db: Db, channel: TDeliveryChannel, value: string, userId: string, ownError: AppError): Promise<void> {
  const owner = channel === 'SMS' ? await findUserByMobile(db, value) : await findUserByEmail(db, value);
  if (owner?.id === userId) throw ownError;
  if (owner && (channel === 'SMS' || owner.email_verified_at !== null)) throw registeredError(channel);
}

/** Writes the new address if the row still holds `expected`; maps a lost race to a coded error. */
async function writeContact(
  ctx: ContactContext,
  user: UserRow,
  channel: TDeliveryChannel,
  value: string,
  expected: string | null,
  binding = expected === null,
): Promise<void> {
  const now = toDbDate(ctx.now ?? new Date());
  const notWritten = () =>
    new AppError(binding ? (channel === 'SMS' ? 'PHONE_ALREADY_BOUND' : 'EMAIL_ALREADY_BOUND') : 'CHANGE_TICKET_INVALID');
  try {
    if (channel === 'SMS') {
      if (!(await replaceMobile(ctx.db, user.id, value, expected, now))) throw notWritten();
      return;
    }
    await ctx.db.transaction().execute(async (trx) => {
      // proved by the code: an account holding it unverified loses it, in this transaction
      // (which a write that does not happen rolls back, so the other account keeps it then)
      await releaseUnverifiedEmail(trx, value, user.id, now);
      if (!(await replaceEmail(trx, user.id, value, expected, now))) throw notWritten();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw registeredError(channel);
    throw error;
  }
}

/**
 * Tells the old and the new address (and, for a first binding, the other channel on file) that
 * the account's contact changed. Best-effort: the change stands whatever the providers say.
 */
async function announce(ctx: ContactContext, user: UserRow, channel: TDeliveryChannel, old: string | null, value: string): Promise<void> {
  const notice: TNoticeKind = channel === 'SMS' ? (old ? 'MOBILE_CHANGED' : 'MOBILE_BOUND') : old ? 'EMAIL_CHANGED' : 'EMAIL_BOUND';
  const params = { old: old ? mask(channel, old) : '', new: mask(channel, value) };
  const recipients: Array<{ channel: TDeliveryChannel; to: string }> = [{ channel, to: value }];
  if (old) recipients.push({ channel, to: old });
  else {
    const other = channel === 'SMS' ? user.email : user.mobile;
    if (other) recipients.push({ channel: channel === 'SMS' ? 'EMAIL' : 'SMS', to: other });
  }
  for (const recipient of recipients) {
    // the template's time on the account's clock (docs/adr/0031)
    const sent = await ctx.delivery.notify(
      { ...renderContactNotice({ ...recipient, notice, params, locale: ctx.locale }), timeZone: accountZone(user) },
      (error) => ctx.log.warn({ err: error, channel: recipient.channel, notice }, 'account notice failed'),
    );
    if (!sent) ctx.log.info({ channel: recipient.channel, notice }, 'account notice not sent');
  }
}

/** POST /user/bindEmail and POST /user/bindMobile: a first address for an account without one. */
export async function bindContact(
  ctx: ContactContext,
  userId: string,
  channel: TDeliveryChannel,
  value: string,
  code: string,
): Promise<TUserInfo> {
  const user = await getUser(ctx.db, userId);
  const current = channel === 'SMS' ? user.mobile : user.email;
  // An unverified address (an email typed beside a phone at sign-up) is no binding: a bind
  // replaces it, or verifies it when it is the same address.
  const verified = current !== null && (channel === 'SMS' ? user.mobile_verified_at : user.email_verified_at) !== null;
  if (verified) throw new AppError(channel === 'SMS' ? 'PHONE_ALREADY_BOUND' : 'EMAIL_ALREADY_BOUND');
  // Cheap checks first, so a taken address does not burn the code.
  if (value !== current)
    await ensureFree(ctx.db, channel, value, user.id, new AppError(channel === 'SMS' ? 'PHONE_ALREADY_BOUND' : 'EMAIL_ALREADY_BOUND'));
  await consumeCode(ctx.codes, channel === 'SMS' ? 'BIND_MOBILE' : 'BIND_EMAIL', { to: value, account: user.id }, code);
  await writeContact(ctx, user, channel, value, current, true);
  await announce(ctx, user, channel, null, value);
  return userInfoOf(await getUser(ctx.db, userId));
}

/**
 * POST /user/unbindEmail and POST /user/unbindMobile: removes the address with the code sent to
 * it (BIND_EMAIL / MODIFY_PHONE), unless it is the account's last verified contact.
 */
export async function unbindContact(ctx: ContactContext, userId: string, channel: TDeliveryChannel, code: string): Promise<TUserInfo> {
  const user = await getUser(ctx.db, userId);
  const current = channel === 'SMS' ? user.mobile : user.email;
  if (!current) throw new AppError(channel === 'SMS' ? 'PHONE_OR_EMAIL_NOT_REGISTERED' : 'EMAIL_NOT_REGISTERED');
  const otherVerified =
    channel === 'SMS' ? user.email !== null && user.email_verified_at !== null : user.mobile !== null && user.mobile_verified_at !== null;
  // Checked before the code is used (so the code survives), and again by the removal itself.
  if (!otherVerified) throw new AppError('LAST_VERIFIED_CONTACT');
  await consumeCode(ctx.codes, channel === 'SMS' ? 'MODIFY_PHONE' : 'BIND_EMAIL', { to: current, account: user.id }, code);
  if (!(await removeContact(ctx.db, user.id, channel, current, toDbDate(ctx.now ?? new Date())))) {
    const now = await getUser(ctx.db, userId);
    // the address changed meanwhile, or a parallel unbind took the other contact
    throw new AppError((channel === 'SMS' ? now.mobile : now.email) === current ? 'LAST_VERIFIED_CONTACT' : 'CHANGE_TICKET_INVALID');
  }
  const removedNotice: TNoticeKind = channel === 'SMS' ? 'MOBILE_REMOVED' : 'EMAIL_REMOVED';
  const params = { old: mask(channel, current), new: '' };
  const other =
    channel === 'SMS' ? { channel: 'EMAIL' as const, to: user.email ?? '' } : { channel: 'SMS' as const, to: user.mobile ?? '' };
  for (const recipient of [{ channel, to: current }, other]) {
    await ctx.delivery.notify(
      { ...renderContactNotice({ ...recipient, notice: removedNotice, params, locale: ctx.locale }), timeZone: accountZone(user) },
      (error) => ctx.log.warn({ err: error, channel: recipient.channel, notice: removedNotice }, 'account notice failed'),
    );
  }
  return userInfoOf(await getUser(ctx.db, userId));
}

/** Step 1 of a change: the code sent to the current address → a ticket. */
async function proveCurrent(ctx: ContactContext, user: UserRow, channel: TDeliveryChannel, code: string): Promise<TContactChangeResult> {
  const current = channel === 'SMS' ? user.mobile : user.email;
  if (!current) throw new AppError(channel === 'SMS' ? 'PHONE_OR_EMAIL_NOT_REGISTERED' : 'EMAIL_NOT_REGISTERED');
  await consumeCode(ctx.codes, channel === 'SMS' ? 'MODIFY_PHONE' : 'BIND_EMAIL', { to: current, account: user.id }, code);
  await markContactVerified(ctx.db, user.id, channel, current, toDbDate(ctx.now ?? new Date()));
  const ticket = newToken();
  const stored: StoredTicket = { u: user.id, c: channel, o: current };
  await ctx.kv.set(ticketKey(ticket), JSON.stringify(stored), TICKET_TTL_MS);
  return { ticket, expiresInSeconds: TICKET_TTL_MS / 1000, user: null };
}

function parseTicket(raw: string | null): StoredTicket | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredTicket>;
    return typeof parsed.u === 'string' && typeof parsed.o === 'string' && (parsed.c === 'SMS' || parsed.c === 'EMAIL')
      ? (parsed as StoredTicket)
      : null;
  } catch {
    return null;
  }
}

/** Step 2 of a change: a valid ticket and the code sent to the new address → the new address. */
async function switchTo(
  ctx: ContactContext,
  user: UserRow,
  channel: TDeliveryChannel,
  ticket: string,
  value: string,
  code: string,
): Promise<TContactChangeResult> {
  const key = ticketKey(ticket);
  const raw = await ctx.kv.get(key);
  const stored = parseTicket(raw);
  const current = channel === 'SMS' ? user.mobile : user.email;
  if (!stored || stored.u !== user.id || stored.c !== channel || stored.o !== current) throw new AppError('CHANGE_TICKET_INVALID');
  if (value === current) throw new AppError('CONTACT_UNCHANGED');
  await ensureFree(ctx.db, channel, value, user.id, new AppError('CONTACT_UNCHANGED'));
  await consumeCode(ctx.codes, channel === 'SMS' ? 'CHANGE_MOBILE' : 'BIND_EMAIL', { to: value, account: user.id }, code);
  if ((await ctx.kv.take(key)) !== raw) throw new AppError('CHANGE_TICKET_INVALID'); // used by a parallel call
  await writeContact(ctx, user, channel, value, stored.o);
  await announce(ctx, user, channel, stored.o, value);
  return { ticket: null, expiresInSeconds: null, user: userInfoOf(await getUser(ctx.db, user.id)) };
}

/** POST /user/changeEmail and POST /user/changeMobile: step 1 without a ticket, step 2 with one. */
export async function changeContact(
  ctx: ContactContext,
  userId: string,
  channel: TDeliveryChannel,
  input: { code: string; ticket?: string | undefined; value?: string | undefined },
): Promise<TContactChangeResult> {
  const user = await getUser(ctx.db, userId);
  if (input.ticket === undefined || input.value === undefined) return proveCurrent(ctx, user, channel, input.code);
  return switchTo(ctx, user, channel, input.ticket, input.value, input.code);
}
