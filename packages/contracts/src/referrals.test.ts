import { describe, expect, it } from 'vitest';
import {
  commissionFen,
  maskReferredAccount,
  normalizeReferralCode,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_COOKIE_MAX_AGE_S,
  REFERRAL_RULES,
  ZAmbassadorJoinQuery,
} from './referrals';

describe('referral codes', () => {
  it('normalises case and surrounding blanks', () => {
    expect(normalizeReferralCode(' ab12cd34 ')).toBe('AB12CD34');
    expect(normalizeReferralCode('ZZZZ9999')).toBe('ZZZZ9999');
  });

  it('rejects what cannot be a code: wrong length, ambiguous letters, other types', () => {
    expect(normalizeReferralCode('AB12CD3')).toBeNull();
    expect(normalizeReferralCode('AB12CD345')).toBeNull();
    expect(normalizeReferralCode('AB12CD3I')).toBeNull(); // I, L, O and U are not in the alphabet
    expect(normalizeReferralCode('AB12CD3O')).toBeNull();
    expect(normalizeReferralCode('AB12-D34')).toBeNull();
    expect(normalizeReferralCode(undefined)).toBeNull();
    expect(normalizeReferralCode(12345678)).toBeNull();
  });

  it('accepts every character of the alphabet', () => {
    for (let i = 0; i < REFERRAL_CODE_ALPHABET.length; i += 8) {
      const code = REFERRAL_CODE_ALPHABET.slice(i, i + 8);
      expect(normalizeReferralCode(code)).toBe(code);
    }
  });

  it('are 8 characters long, made that long', () => {
    expect(REFERRAL_CODE_LENGTH).toBe(8);
    expect(normalizeReferralCode('AB12CD3')).toBeNull();
    expect(normalizeReferralCode('AB12CD345')).toBeNull();
  });
});

describe('programme rules', () => {
  it('pays 20% commission, binds for 60 days, settles after 7 days, and gives 3 days of Pro and 10 monitor walls', () => {
    expect(REFERRAL_RULES).toEqual({ commissionPercent: 20, bindingDays: 60, settlementDays: 7, bonusProDays: 3, bonusMonitors: 10 });
  });

  it('remembers a followed link for 30 days', () => {
    expect(REFERRAL_COOKIE_MAX_AGE_S).toBe(2_592_000);
  });
});

describe('commission amount', () => {
  it('is 20% rounded down to whole fen', () => {
    expect(commissionFen(2500)).toBe(500);
    expect(commissionFen(1999)).toBe(399); // 399.8
    expect(commissionFen(4)).toBe(0); // 0.8
    expect(commissionFen(5)).toBe(1);
    expect(commissionFen(0)).toBe(0);
    expect(commissionFen(-100)).toBe(0);
    expect(commissionFen(12.5)).toBe(0); // fen are whole numbers
  });
});

describe('referred account mask', () => {
  it('prefers the phone, then the email, then the username', () => {
    expect(maskReferredAccount({ mobile: '13800138000', email: 'alice@example.com', username: 'alice_01' })).toBe('138****8000');
    expect(maskReferredAccount({ mobile: null, email: 'alice@example.com', username: 'alice_01' })).toBe('a***@example.com');
    expect(maskReferredAccount({ username: 'alice_01' })).toBe('a***');
    expect(maskReferredAccount({})).toBe('***');
  });
});

describe('join query', () => {
  it('takes activity type LZ only', () => {
    expect(ZAmbassadorJoinQuery.safeParse({ activityType: 'LZ' }).success).toBe(true);
    expect(ZAmbassadorJoinQuery.safeParse({ activityType: 'XX' }).success).toBe(false);
    expect(ZAmbassadorJoinQuery.safeParse({}).success).toBe(false);
  });
});
