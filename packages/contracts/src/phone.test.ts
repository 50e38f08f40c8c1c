import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { getCountryCodeForRegionCode, getSupportedRegionCodes, parsePhoneNumber } from 'awesome-phonenumber';
import { describe, expect, it } from 'vitest';
import { cleanPhoneInput, formatPhone, normalizePhone, parsePhone, phoneRegion } from './phone';
import { PHONE_COUNTRIES, callingCodeOf } from './phone-countries';

describe('parsePhone', () => {
  it.each([
    ['+34 612 345 678', { e164: '+34612345678', region: 'ES', callingCode: 34, national: '612 34 56 78' }],
    ['+34-612-345-678', { e164: '+34612345678', region: 'ES', callingCode: 34, national: '612 34 56 78' }],
    ['(+34) 612345678', { e164: '+34612345678', region: 'ES', callingCode: 34, national: '612 34 56 78' }],
    ['0034612345678', { e164: '+34612345678', region: 'ES', callingCode: 34, national: '612 34 56 78' }],
    ['0086 139 1234 5678', { e164: '+8613912345678', region: 'CN', callingCode: 86, national: '139 1234 5678' }],
    ['13912345678', { e164: '+8613912345678', region: 'CN', callingCode: 86, national: '139 1234 5678' }],
    ['+81 90 1234 5678', { e164: '+819012345678', region: 'JP', callingCode: 81, national: '090-1234-5678' }],
  ])('%j', (input, expected) => {
    expect(parsePhone(input)).toEqual(expected);
  });

  it('reads national numbers in the default region', () => {
    expect(normalizePhone('612 34 56 78', 'ES')).toBe('+34612345678');
    expect(normalizePhone('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(normalizePhone('090-1234-5678', 'JP')).toBe('+819012345678');
    expect(normalizePhone('010-1234-5678', 'KR')).toBe('+821012345678');
    // a + number ignores the default region
    expect(normalizePhone('+8613912345678', 'ES')).toBe('+8613912345678');
  });

  it('refuses landlines, toll-free and premium numbers as not-mobile', () => {
    expect(parsePhone('+34 912 345 678')).toEqual({ error: 'not-mobile' });
    expect(parsePhone('+86 010 12345678')).toEqual({ error: 'not-mobile' });
    expect(parsePhone('010 12345678')).toEqual({ error: 'not-mobile' });
    expect(parsePhone('+34 900 123 456')).toEqual({ error: 'not-mobile' });
    expect(parsePhone('+33 1 42 68 53 00')).toEqual({ error: 'not-mobile' });
  });

  it('refuses impossible numbers as invalid', () => {
    for (const input of ['+34 612 345', '+999 612345678', '12800138000', '1391234', '', 'abc', '+', '++34612345678', '1+3912345678']) {
      expect(parsePhone(input), input).toEqual({ error: 'invalid' });
    }
  });

  it('accepts the US and Canada, where mobiles and fixed lines share the plan', () => {
    expect(normalizePhone('+1 (201) 555-0123')).toBe('+12015550123');
    expect(phoneRegion('+12015550123')).toBe('US');
    expect(phoneRegion('+14165550123')).toBe('CA');
  });

  it('cleans what people type around a number', () => {
    expect(cleanPhoneInput(' +34\u00a0612.345/678 ')).toBe('+34612345678');
    expect(cleanPhoneInput('＋３４ ６１２ ３４５ ６７８')).toBe('+34612345678');
    expect(cleanPhoneInput('（0086）139-1234-5678')).toBe('+8613912345678');
  });
});

describe('formatPhone', () => {
  it('displays a mainland number as 11 digits, as before, and others internationally', () => {
    expect(formatPhone('+8613912345678')).toBe('13912345678');
    expect(formatPhone('+34612345678')).toBe('+34 612 34 56 78');
    expect(formatPhone('+34612345678', 'national')).toBe('612 34 56 78');
    expect(formatPhone('+8613912345678', 'international')).toBe('+86 139 1234 5678');
    expect(formatPhone('+8613912345678', 'e164')).toBe('+8613912345678');
    expect(formatPhone('not a number')).toBe('not a number');
  });
});

describe('the country table (phone-countries.ts)', () => {
  it('is what scripts/phone-countries.mjs generates from the installed metadata', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    // exits 1 with a message when the committed file differs
    expect(() =>
      execFileSync(process.execPath, [path.join(root, 'scripts/phone-countries.mjs'), '--check'], { cwd: root, stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('lists every region of the library with its calling code and a valid mobile example', () => {
    const regions = getSupportedRegionCodes().filter((region) => /^[A-Z]{2}$/.test(region));
    expect(PHONE_COUNTRIES.map((country) => country.region)).toEqual([...regions].sort());
    expect(PHONE_COUNTRIES.length).toBeGreaterThan(240);
    for (const country of PHONE_COUNTRIES) {
      expect(country.callingCode, country.region).toBe(getCountryCodeForRegionCode(country.region));
      if (!country.example) continue;
      const example = parsePhoneNumber(country.example, { regionCode: country.region });
      expect(example.valid, `${country.region} ${country.example}`).toBe(true);
    }
    expect(PHONE_COUNTRIES.find((country) => country.region === 'ES')).toEqual({ region: 'ES', callingCode: 34, example: '612 34 56 78' });
    expect(PHONE_COUNTRIES.find((country) => country.region === 'CN')).toEqual({ region: 'CN', callingCode: 86, example: '131 2345 6789' });
  });

  it('finds the calling code of an E.164 number', () => {
    expect(callingCodeOf('+34612345678')).toBe(34);
    expect(callingCodeOf('+8613912345678')).toBe(86);
    expect(callingCodeOf('+12015550123')).toBe(1);
    expect(callingCodeOf('+85291234567')).toBe(852);
    expect(callingCodeOf('+9999')).toBe(null);
    expect(callingCodeOf('13912345678')).toBe(null);
  });
});
