// The redemption code format without zod (docs/adr/0018-seats-codes-walls.md), so the web's
// code field can check and format as the user types with the rules the API applies. Re-exported
// by redeem.ts (the API) and rules.ts (browser code).

/**
 * The 31 characters a code is made of: digits and capitals without 0, 1, I, L, O (read alike),
 * so 31, a prime. A code is 15 random characters (31^15 ≈ 2^74) and one check character c
 * chosen so that Σ (i + 1) · value(char_i) ≡ 0 (mod 31) over all 16 positions. Because 31 is
 * prime and the weights 1..16 are distinct and non-zero mod 31, the check catches every single
 * wrong character and every swap of two characters (adjacent or not): a swap of positions i and
 * j changes the sum by (a − b)(w_i − w_j), never 0 mod 31 when a ≠ b.
 */
export const REDEEM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REDEEM_CODE_LENGTH = 16;
const MODULUS = REDEEM_CODE_ALPHABET.length; // 31

function valueOf(char: string): number {
  return REDEEM_CODE_ALPHABET.indexOf(char);
}

/** The check character for 15 payload characters. */
export function redeemCheckChar(payload: string): string {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) sum += (i + 1) * valueOf(payload[i] as string);
  // c · 16 ≡ −sum (mod 31); 16⁻¹ ≡ 2 (mod 31) because 16 · 2 = 32 ≡ 1
  const c = (((MODULUS - (sum % MODULUS)) % MODULUS) * 2) % MODULUS;
  return REDEEM_CODE_ALPHABET[c] as string;
}

/** Upper-cases and drops spaces and dashes: what a person typed, in canonical form (may be invalid). */
export function normaliseRedeemCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** Whether a canonical code has the right length, only alphabet characters and a matching check character. */
export function isRedeemCodeWellFormed(code: string): boolean {
  if (code.length !== REDEEM_CODE_LENGTH) return false;
  for (const char of code) if (valueOf(char) < 0) return false;
  return redeemCheckChar(code.slice(0, REDEEM_CODE_LENGTH - 1)) === code[REDEEM_CODE_LENGTH - 1];
}

/** XXXX-XXXX-XXXX-XXXX (also for partial input while typing). */
export function formatRedeemCode(code: string): string {
  return (normaliseRedeemCode(code).match(/.{1,4}/g) ?? []).join('-');
}
