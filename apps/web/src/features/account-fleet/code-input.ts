import { REDEEM_CODE_ALPHABET, REDEEM_CODE_LENGTH, isRedeemCodeWellFormed } from '@llk/contracts/rules';

// The redemption code field as the user types or pastes (docs/adr/0018-seats-codes-walls.md):
// upper case, spaces and dashes dropped, only the code's 31 characters kept, at most 16, shown
// in groups of four (XXXX-XXXX-XXXX-XXXX). Characters the alphabet leaves out (0, 1, I, L, O,
// punctuation) are dropped and reported, so the field can say why they vanished.

export interface TCodeInput {
  /** what the field shows: groups of four joined by dashes */
  display: string;
  /** the canonical code so far (what POST /redeem gets) */
  code: string;
  /** some typed characters are not in the alphabet and were left out */
  dropped: boolean;
  /** 16 characters whose check character does not match: a typo */
  mistyped: boolean;
  complete: boolean;
}

export function readCodeInput(raw: string): TCodeInput {
  let code = '';
  let dropped = false;
  for (const char of raw.toUpperCase()) {
    if (char === '-' || /\s/.test(char)) continue;
    if (!REDEEM_CODE_ALPHABET.includes(char)) {
      dropped = true;
      continue;
    }
    if (code.length < REDEEM_CODE_LENGTH) code += char;
  }
  const display = (code.match(/.{1,4}/g) ?? []).join('-');
  const complete = code.length === REDEEM_CODE_LENGTH;
  return { display, code, dropped, complete, mistyped: complete && !isRedeemCodeWellFormed(code) };
}

/**
 * Where the caret belongs after reformatting: after the same number of code characters as
 * were before it in what the user typed (so typing in the middle does not jump to the end).
 */
export function caretAfter(raw: string, caret: number, display: string): number {
  let kept = 0;
  for (const char of raw.slice(0, caret).toUpperCase()) if (REDEEM_CODE_ALPHABET.includes(char)) kept += 1;
  if (kept === 0) return 0;
  let seen = 0;
  for (let i = 0; i < display.length; i++) {
    if (display[i] !== '-') seen += 1;
    if (seen === kept) return i + 1;
  }
  return display.length;
}
