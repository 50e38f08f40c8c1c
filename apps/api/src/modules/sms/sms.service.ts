import {
  maskEmail,
  maskPhone,
  phoneRegion,
  ZAccountSmsType,
  type TAccountSmsType,
  type TDeliveryChannel,
  type TLocale,
  type TSendCodeResult,
  type TSmsType,
} from '@llk/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../infrastructure/db/schema';
import { AppError } from '../../infrastructure/http/app-error';
import { countryLimitOf, DeliveryError, type Delivery, type TSmsLimits } from '../../infrastructure/delivery';
import { type KeyValueStore } from '../../infrastructure/kv';
import { hitLimit, limitError } from '../../infrastructure/http/rate-limit';
import { sha256Hex } from '../../infrastructure/secrets';
import { findUserByIdentifier, findUserByMobile, findUserByVerifiedEmail, type UserRow, unlessUnverifiedEmail } from '../users';
import { ACCOUNT_BOUND_PURPOSES, CODE_TTL_MS, discardCode, issueCode, type CodeStore, type CodeTarget } from './codes.service';

// Sending limits. Per target: one code per minute (CODE_RESEND_SECONDS, shortened only by
// test runs), 5 per hour, 10 per day. Per client IP (configurable): CODE_IP_HOURLY_LIMIT /
// CODE_IP_DAILY_LIMIT requests, counted before anything else so probing which numbers are
// registered costs the same as sending. Per country of a phone (ADR 0027, SMS pumping): none
// to a region of SMS_BLOCKED_COUNTRIES, and SMS_COUNTRY_HOURLY_LIMIT / _DAILY_LIMIT (or the
// region's SMS_COUNTRY_LIMITS) codes sent to its numbers. Targets are E.164 (ZPhone), so
// every limit counts one number whatever its formatting.
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const TARGET_HOURLY_LIMIT = 5;
export const TARGET_DAILY_LIMIT = 10;

/** Purposes that need the target to belong to an account; the others need it to be free. */
const FOR_EXISTING_ACCOUNT = new Set<TSmsType>(ZAccountSmsType.options);

export interface SendContext {
  db: Db;
  kv: KeyValueStore;
  codes: CodeStore;
  delivery: Delivery;
  log: FastifyBaseLogger;
  ip: string;
  locale: TLocale;
  ipLimits: { hourly: number; daily: number };
  resendAfterMs: number;
  /** the block list and per-country limits of SMS (config.sms) */
  smsLimits: TSmsLimits;
}

export interface SendTarget {
  channel: TDeliveryChannel;
  /** phone number, or lower-cased email address */
  to: string;
}

function maskTarget(target: SendTarget): string {
  return target.channel === 'SMS' ? maskPhone(target.to) : maskEmail(target.to);
}

async function countIp(ctx: SendContext): Promise<void> {
  const ip = sha256Hex(ctx.ip).slice(0, 32);
  await hitLimit(ctx.kv, `sms:ip:h:${ip}`, ctx.ipLimits.hourly, HOUR_MS, 'SEND_LIMIT_REACHED');
  await hitLimit(ctx.kv, `sms:ip:d:${ip}`, ctx.ipLimits.daily, DAY_MS, 'SEND_LIMIT_REACHED');
}

async function checkTargetLimits(ctx: SendContext, target: SendTarget): Promise<void> {
  const id = `${target.channel}:${target.to}`;
  if (!(await ctx.kv.setIfAbsent(`sms:cool:${id}`, '1', ctx.resendAfterMs))) {
    throw limitError('SEND_TOO_FREQUENT', (await ctx.kv.ttl(`sms:cool:${id}`)) ?? ctx.resendAfterMs);
  }
  await hitLimit(ctx.kv, `sms:t:h:${id}`, TARGET_HOURLY_LIMIT, HOUR_MS, 'SEND_LIMIT_REACHED');
  await hitLimit(ctx.kv, `sms:t:d:${id}`, TARGET_DAILY_LIMIT, DAY_MS, 'SEND_LIMIT_REACHED');
}

/** The region of an SMS target when SMS may go there; SMS_COUNTRY_BLOCKED when it may not. */
function smsRegion(ctx: SendContext, target: SendTarget): string | null {
  if (target.channel !== 'SMS') return null;
  const region = phoneRegion(target.to);
  if (region && ctx.smsLimits.blockedCountries.includes(region)) throw new AppError('SMS_COUNTRY_BLOCKED');
  return region;
}

/** Counts a code to a region's numbers; over its limit, the target's cool-down is withdrawn (nothing was sent). */
async function checkCountryLimits(ctx: SendContext, target: SendTarget, region: string | null): Promise<void> {
  const limit = region ? countryLimitOf(ctx.smsLimits, region) : null;
  if (!region || !limit) return;
  try {
    await hitLimit(ctx.kv, `sms:cc:h:${region}`, limit.hourly, HOUR_MS, 'SMS_COUNTRY_LIMIT_REACHED');
    await hitLimit(ctx.kv, `sms:cc:d:${region}`, limit.daily, DAY_MS, 'SMS_COUNTRY_LIMIT_REACHED');
  } catch (error) {
    await ctx.kv.del(`sms:cool:${target.channel}:${target.to}`);
    throw error;
  }
}

/** `account`: the signed-in account that asked, which an account-bound code belongs to. */
async function deliver(ctx: SendContext, target: SendTarget, purpose: TSmsType, account?: string): Promise<TSendCodeResult> {
  const region = smsRegion(ctx, target);
  await checkTargetLimits(ctx, target);
  await checkCountryLimits(ctx, target, region);
  const codeTarget: CodeTarget = account !== undefined && ACCOUNT_BOUND_PURPOSES.has(purpose) ? { to: target.to, account } : target.to;
  const code = await issueCode(ctx.codes, purpose, codeTarget);
  try {
    await ctx.delivery.send({ channel: target.channel, to: target.to, purpose, code, locale: ctx.locale });
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error;
    // Nothing reached the user: withdraw the code and let them retry at once.
    await discardCode(ctx.codes, purpose, codeTarget);
    await ctx.kv.del(`sms:cool:${target.channel}:${target.to}`);
    ctx.log.warn({ err: error, adapter: error.adapter, channel: target.channel }, 'code delivery failed');
    throw new AppError('DELIVERY_FAILED', { cause: error });
  }
  return {
    channel: target.channel,
    target: maskTarget(target),
    resendAfterSeconds: ctx.resendAfterMs / 1000,
    expiresInSeconds: CODE_TTL_MS / 1000,
  };
}

/** What POST /sms names: an address, or (logged in) a channel of the caller's own account. */
export interface SendRequest {
  mobile?: string | undefined;
  email?: string | undefined;
  channel?: TDeliveryChannel | undefined;
}

/** Purposes that change a logged-in account's contact details: no code without a session, and the code is that account's. */
const FOR_SIGNED_IN = ACCOUNT_BOUND_PURPOSES;

/**
 * POST /sms: a code to a phone or email address, checked against the purpose. `user` is the
 * caller's account when the request carries a live session.
 */
export async function sendCodeTo(
  ctx: SendContext,
  request: SendRequest,
  purpose: TSmsType,
  user: UserRow | null = null,
): Promise<TSendCodeResult> {
  await countIp(ctx);
  if (FOR_SIGNED_IN.has(purpose) || request.channel !== undefined || (purpose === 'CANCEL_ACCOUNT' && user)) {
    if (!user) throw new AppError('UNAUTHORIZED');
    return deliver(ctx, await signedInTarget(ctx, user, request, purpose), purpose, user.id);
  }
  const target: SendTarget =
    request.mobile !== undefined ? { channel: 'SMS', to: request.mobile } : { channel: 'EMAIL', to: request.email ?? '' };
  // An unverified email is nobody's (ADR 0028): no LOGIN or RESET code to it (answered as an
  // unknown address), and a SIGNUP code may go to it (whoever proves it gets it).
  const owner = await ownerOf(ctx, target);
  if (FOR_EXISTING_ACCOUNT.has(purpose) && !owner) {
    throw new AppError(target.channel === 'SMS' ? 'PHONE_OR_EMAIL_NOT_REGISTERED' : 'EMAIL_NOT_REGISTERED');
  }
  if (!FOR_EXISTING_ACCOUNT.has(purpose) && owner) {
    throw new AppError(target.channel === 'SMS' ? 'PHONE_REGISTERED' : 'EMAIL_REGISTERED');
  }
  return deliver(ctx, target, purpose);
}

/**
 * Where a logged-in account's code may go, per purpose:
 * - MODIFY_PHONE: the account's own phone (first step of a phone change);
 * - CHANGE_MOBILE: a phone no account holds (second step), for an account that has a phone;
 * - BIND_MOBILE: a phone no account holds, for an account without a phone;
 * - BIND_EMAIL: the account's own email (first step of an email change) or an email no
 *   account holds (binding one, or the second step of a change);
 * - CANCEL_ACCOUNT: the account's own phone or email;
 * - LOGIN and RESET by channel: the account's own contact; SIGNUP never.
 */
async function signedInTarget(ctx: SendContext, user: UserRow, request: SendRequest, purpose: TSmsType): Promise<SendTarget> {
  const target: SendTarget =
    request.channel !== undefined
      ? channelTarget(user, request.channel, purpose)
      : request.mobile !== undefined
        ? { channel: 'SMS', to: request.mobile }
        : { channel: 'EMAIL', to: request.email ?? '' };
  const own = target.to === (target.channel === 'SMS' ? user.mobile : user.email);
  // LOGIN, RESET and CANCEL_ACCOUNT go to a verified address of the account only (ADR 0028)
  const ownVerified = own && target.to === verifiedAddress(user, target.channel);
  const wantChannel = (channel: TDeliveryChannel) => {
    if (target.channel !== channel) throw new AppError('CODE_CHANNEL_INVALID');
  };
  const mustBeFree = async () => {
    // another account's unverified email is free: the bind that proves it takes it (ADR 0028)
    const owner = await ownerOf(ctx, target);
    if (owner) throw new AppError(target.channel === 'SMS' ? 'PHONE_REGISTERED' : 'EMAIL_REGISTERED');
  };
  switch (purpose) {
    case 'MODIFY_PHONE':
      wantChannel('SMS');
      if (!user.mobile) throw new AppError('PHONE_OR_EMAIL_NOT_REGISTERED');
      if (!own) throw new AppError('CONTACT_NOT_ON_FILE');
      return target;
    case 'CHANGE_MOBILE':
      wantChannel('SMS');
      if (!user.mobile) throw new AppError('PHONE_OR_EMAIL_NOT_REGISTERED');
      if (own) throw new AppError('CONTACT_UNCHANGED');
      await mustBeFree();
      return target;
    case 'BIND_MOBILE':
      wantChannel('SMS');
      if (user.mobile) throw new AppError('PHONE_ALREADY_BOUND');
      await mustBeFree();
      return target;
    case 'BIND_EMAIL':
      wantChannel('EMAIL');
      if (!own) await mustBeFree();
      return target;
    case 'CANCEL_ACCOUNT':
    case 'LOGIN':
    case 'RESET':
      if (!ownVerified) throw new AppError('CONTACT_NOT_ON_FILE');
      return target;
    case 'SIGNUP':
      throw new AppError('CODE_CHANNEL_INVALID');
  }
}

/** POST /sms/sendByAccount: a code to the phone or email on file for an account. */
export async function sendCodeToAccount(
  ctx: SendContext,
  account: string,
  channel: TDeliveryChannel,
  purpose: TAccountSmsType,
): Promise<TSendCodeResult> {
  await countIp(ctx);
  // named by its unverified email, the account is unknown (ADR 0028)
  const user = unlessUnverifiedEmail(await findUserByIdentifier(ctx.db, account), account);
  if (!user) throw new AppError('ACCOUNT_NOT_REGISTERED');
  return deliver(ctx, reachableContact(user, channel), purpose);
}

/** Where an account's codes go over a channel; an account without that contact cannot use it. */
export function contactOf(user: UserRow, channel: TDeliveryChannel): SendTarget {
  const to = channel === 'SMS' ? user.mobile : user.email;
  if (!to) throw new AppError(channel === 'SMS' ? 'PHONE_OR_EMAIL_NOT_REGISTERED' : 'EMAIL_NOT_REGISTERED');
  return { channel, to };
}

/** Who holds an address as a way in: a phone's account, an email's only while verified (ADR 0028). */
function ownerOf(ctx: SendContext, target: SendTarget): Promise<UserRow | undefined> {
  return target.channel === 'SMS' ? findUserByMobile(ctx.db, target.to) : findUserByVerifiedEmail(ctx.db, target.to);
}

/** The account's address on a channel while it is verified, else null. */
function verifiedAddress(user: UserRow, channel: TDeliveryChannel): string | null {
  return channel === 'SMS' ? (user.mobile_verified_at !== null ? user.mobile : null) : user.email_verified_at !== null ? user.email : null;
}

/**
 * Where a code asked over `channel` goes for a purpose that only needs one of the account's own
 * contacts (LOGIN, RESET, CANCEL_ACCOUNT: ADR 0028): that channel's verified address, or, for an
 * account without one (signed up by email, never bound an email, or an email typed beside the
 * phone at sign-up and never proved), its other verified address. An unverified address never
 * gets these codes. The answer's `channel` and masked `target` say where it went; the code is
 * checked the same way.
 */
export function reachableContact(user: UserRow, channel: TDeliveryChannel): SendTarget {
  const asked = verifiedAddress(user, channel);
  if (asked) return { channel, to: asked };
  const other: TDeliveryChannel = channel === 'SMS' ? 'EMAIL' : 'SMS';
  const to = verifiedAddress(user, other);
  if (to) return { channel: other, to };
  // neither (an account always keeps one verified contact, so none here): the asked channel's error
  throw new AppError(channel === 'SMS' ? 'PHONE_OR_EMAIL_NOT_REGISTERED' : 'EMAIL_NOT_REGISTERED');
}

/** A signed-in account's `channel`: any own contact for the purposes that accept one, else exactly that channel's. */
function channelTarget(user: UserRow, channel: TDeliveryChannel, purpose: TSmsType): SendTarget {
  return purpose === 'CANCEL_ACCOUNT' || purpose === 'LOGIN' || purpose === 'RESET'
    ? reachableContact(user, channel)
    : contactOf(user, channel);
}
