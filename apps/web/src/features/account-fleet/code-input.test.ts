import { redeemCheckChar } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { caretAfter, readCodeInput } from './code-input';

const PAYLOAD = 'ABCD2345EFGH678';
const VALID = PAYLOAD + redeemCheckChar(PAYLOAD);

describe('readCodeInput', () => {
  it('upper-cases, drops spaces and dashes, and groups by four', () => {
    expect(readCodeInput('abcd 2345-efgh').display).toBe('ABCD-2345-EFGH');
    expect(readCodeInput('abcd 2345-efgh').code).toBe('ABCD2345EFGH');
    expect(readCodeInput('abc').display).toBe('ABC');
    expect(readCodeInput('abcd').display).toBe('ABCD');
    expect(readCodeInput('abcde').display).toBe('ABCD-E');
    expect(readCodeInput('').display).toBe('');
  });

  it('keeps only the 31 characters of the alphabet and says when it dropped some', () => {
    const typed = readCodeInput('A0B1CIDLEO');
    expect(typed.code).toBe('ABCDE');
    expect(typed.dropped).toBe(true);
    expect(readCodeInput('ab-cd ef').dropped).toBe(false);
    expect(readCodeInput('AB!C').code).toBe('ABC');
  });

  it('stops at 16 characters', () => {
    const pasted = readCodeInput(`${VALID}XYZ`);
    expect(pasted.code).toBe(VALID);
    expect(pasted.display).toHaveLength(19);
    expect(pasted.display.split('-')).toHaveLength(4);
  });

  it('is complete at 16 characters and catches a typo with the check character', () => {
    expect(readCodeInput(VALID.toLowerCase())).toMatchObject({ complete: true, mistyped: false });
    const swapped = `${VALID.charAt(1)}${VALID.charAt(0)}${VALID.slice(2)}`;
    expect(readCodeInput(swapped)).toMatchObject({ complete: true, mistyped: true });
    expect(readCodeInput(VALID.slice(0, 15))).toMatchObject({ complete: false, mistyped: false });
  });
});

describe('caretAfter', () => {
  it('keeps the caret after the same code character once dashes are added', () => {
    // typed the fifth character at the end: caret after it, past the new dash
    expect(caretAfter('ABCDE', 5, 'ABCD-E')).toBe(6);
    // typed X in the middle of ABCD-EF (after C): the caret stays after X
    expect(caretAfter('ABCXD-EF', 4, 'ABCX-DEF')).toBe(4);
    expect(caretAfter('', 0, '')).toBe(0);
  });
});
