import { maskEmail, maskPhone, type TContactChangeResult, type TDeliveryChannel, type TLocale, type TUserInfo } from '@llk/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, toDbDate } from '../../db/dialect';
import { type Db } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type Delivery, renderContactNotice, type TNoticeKind } from '../../lib/delivery';
import { type KeyValueStore } from '../../lib/kv';
import { newToken, sha256Hex } from '../../lib/secrets';
import { type CodeStore, consumeCode } from '../sms';
import { findUserByEmail, findUserByMobile, getUser, replaceEmail, replaceMobile, updateNickname, type UserRow, userInfoOf } from '../users';

// Contact details. Each step is proved by a code of its own purpose sent to its own
// target, so a code cannot be carried from one flow to another:
//   bind email    BIND_EMAIL   → the new email
//   change email  BIND_EMAIL   → the current email  → ticket, then BIND_EMAIL → the new email
//   bind phone    BIND_MOBILE  → the new phone (accounts without one)
//   change phone  MODIFY_PHONE → the current phone  → ticket, then CHANGE_MOBILE → the new phone
// A ticket is a random secret kept (as its hash) in the key-value store for TICKET_TTL_MS,
// bound to the account, the channel and the address it proved; it is taken atomically when
// the change is made, so it works once. The row is updated only while it still holds the
// address the ticket proved (or none, for a bind), and the unique indexes decide a race with
// another account: PHONE_REGISTERED / EMAIL_REGISTERED.

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

/** The address must be nobody's; when it is already the caller's own (a parallel call just bound it), `ownError`. */
async function ensureFree(db: Db, channel: TDeliveryChannel, value: string, userId: string, ownError: AppError): Promise<void> {
  const owner = channel === 'SMS' ? await findUserByMobile(db, value) : await findUserByEmail(db, value);
  if (owner?.id === userId) throw ownError;
  if (owner) throw registeredError(channel);
}

/** Writes the new address if the row still holds `expected`; maps a lost race to a coded error. */
async function writeContact(ctx: ContactContext, user: UserRow, channel: TDeliveryChannel, value: string, expected: string | null): Promise<void> {
  const now = toDbDate(ctx.now ?? new Date());
  let written: boolean;
  try {
    written = channel === 'SMS' ? await replaceMobile(ctx.db, user.id, value, expected, now) : await replaceEmail(ctx.db, user.id, value, expected, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw registeredError(channel);
    throw error;
  }
  if (!written) throw new AppError(expected === null ? (channel === 'SMS' ? 'PHONE_ALREADY_BOUND' : 'EMAIL_ALREADY_BOUND') : 'CHANGE_TICKET_INVALID');
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
    const sent = await ctx.delivery.notify(renderContactNotice({ ...recipient, notice, params, locale: ctx.locale }), (error) =>
      ctx.log.warn({ err: error, channel: recipient.channel, notice }, 'account notice failed'),
    );
    if (!sent) ctx.log.info({ channel: recipient.channel, notice }, 'account notice not sent');
  }
}

/** POST /user/bindEmail and POST /user/bindMobile: a first address for an account without one. */
export async function bindContact(ctx: ContactContext, userId: string, channel: TDeliveryChannel, value: string, code: string): Promise<TUserInfo> {
  const user = await getUser(ctx.db, userId);
  if (channel === 'SMS' ? user.mobile : user.email) throw new AppError(channel === 'SMS' ? 'PHONE_ALREADY_BOUND' : 'EMAIL_ALREADY_BOUND');
  // Cheap checks first, so a taken address does not burn the code.
  await ensureFree(ctx.db, channel, value, user.id, new AppError(channel === 'SMS' ? 'PHONE_ALREADY_BOUND' : 'EMAIL_ALREADY_BOUND'));
  await consumeCode(ctx.codes, channel === 'SMS' ? 'BIND_MOBILE' : 'BIND_EMAIL', { to: value, account: user.id }, code);
  await writeContact(ctx, user, channel, value, null);
  await announce(ctx, user, channel, null, value);
  return userInfoOf(await getUser(ctx.db, userId));
}

/** Step 1 of a change: the code sent to the current address → a ticket. */
async function proveCurrent(ctx: ContactContext, user: UserRow, channel: TDeliveryChannel, code: string): Promise<TContactChangeResult> {
  const current = channel === 'SMS' ? user.mobile : user.email;
  if (!current) throw new AppError(channel === 'SMS' ? 'PHONE_OR_EMAIL_NOT_REGISTERED' : 'EMAIL_NOT_REGISTERED');
  await consumeCode(ctx.codes, channel === 'SMS' ? 'MODIFY_PHONE' : 'BIND_EMAIL', { to: current, account: user.id }, code);
  const ticket = newToken();
  const stored: StoredTicket = { u: user.id, c: channel, o: current };
  await ctx.kv.set(ticketKey(ticket), JSON.stringify(stored), TICKET_TTL_MS);
  return { ticket, expiresInSeconds: TICKET_TTL_MS / 1000, user: null };
}

function parseTicket(raw: string | null): StoredTicket | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredTicket>;
    return typeof parsed.u === 'string' && typeof parsed.o === 'string' && (parsed.c === 'SMS' || parsed.c === 'EMAIL') ? (parsed as StoredTicket) : null;
  } catch {
    return null;
  }
}

/** Step 2 of a change: a valid ticket and the code sent to the new address → the new address. */
async function switchTo(ctx: ContactContext, user: UserRow, channel: TDeliveryChannel, ticket: string, value: string, code: string): Promise<TContactChangeResult> {
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
