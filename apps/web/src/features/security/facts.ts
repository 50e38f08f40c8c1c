import { CANCEL_COOLING_OFF_DAYS } from '@llk/contracts/rules';

// What the security and privacy page (/security) states about the product, as numbers. The web
// cannot read the API's settings, so they are written here once, equal to the API's defaults;
// test/security-facts.test.ts reads the API's sources and fails when one of them changes, so the
// page is changed with it (docs/adr/0033-brand-identity-and-trust-signals.md).
export const SECURITY_FACTS = {
  /** argon2id memory in MiB and passes (apps/api/src/modules/auth/passwords.ts) */
  argon2MemoryMiB: 19,
  argon2Passes: 2,
  /** password log-in locks from the 5th failure on an account (auth/login-throttle.ts) */
  loginLockAfter: 5,
  /** a session ends after this many days unused, and this many after log-in (SESSION_IDLE_DAYS, SESSION_ABSOLUTE_DAYS) */
  sessionIdleDays: 30,
  sessionAbsoluteDays: 180,
  /** a verification code by SMS or email is valid this long (lib/delivery/constants.ts) */
  codeMinutes: 5,
  /** an unpaid order expires after this long (ORDER_TTL_MINUTES) */
  orderMinutes: 30,
  /** a cancelled account is erased this many days after the request (accounts-erase job, hourly) */
  coolingOffDays: CANCEL_COOLING_OFF_DAYS,
} as const;
