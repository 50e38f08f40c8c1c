import type { TCodeOrderResult } from '@llk/contracts';

// A payment code turns into an order only once (POST /order/createOrderByCodeId); the answer is
// kept for this tab so a reload shows the same order instead of "code already used".
const storageKey = (qrCodeId: string) => `llk-pay:${qrCodeId}`;

// The remembered answer is checked against the contract's schema, loaded only when there is one
// (answer-checks.ts brings zod, never the page's first scripts). When there is one but the checker
// cannot be loaded (a dropped connection, a new deployment), the page must not post the code again:
// it was used by the first answer, so asking again would only say "already used".
export class CheckerUnavailable extends Error {}

export async function remembered(qrCodeId: string): Promise<TCodeOrderResult | null> {
  let value: unknown;
  try {
    const raw = window.sessionStorage.getItem(storageKey(qrCodeId));
    if (!raw) return null;
    value = JSON.parse(raw);
  } catch {
    return null; // storage refused (private mode) or a damaged entry: ask the API
  }
  const checks = await import('./answer-checks').catch(() => {
    throw new CheckerUnavailable();
  });
  const parsed = checks.ZCodeOrderResult.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Keeps the API's answer for this tab (checked again when it is read back). */
export function remember(qrCodeId: string, answer: unknown) {
  try {
    window.sessionStorage.setItem(storageKey(qrCodeId), JSON.stringify(answer));
  } catch {
    // private mode: a reload then asks the API again
  }
}
