import type { TPayResult } from '@llk/contracts';

// Paying on a phone outside WeChat (ADR 0020): a QR code cannot be scanned by the phone
// showing it, so the gateways' mobile-web payments (Alipay WAP, WeChat Pay H5) open the wallet
// app instead and send the payer back to the page they left; the page then picks the same
// payment up again. Pure functions and sessionStorage only (unit-tested).

const PENDING_KEY = 'llk:phone-payment';
/** The query parameter the gateway brings back: the order being paid. */
export const RETURN_PARAM = 'payReturn';

/** A phone's browser (not a tablet, not inside WeChat: that pays with the WeChat sheet). */
export function isPhoneBrowser(userAgent: string): boolean {
  if (/MicroMessenger/i.test(userAgent)) return false;
  return /iPhone|iPod|Android.+Mobile|HarmonyOS.+Mobile|Windows Phone|Mobile.+Firefox/i.test(userAgent);
}

/** Where the gateway sends the payer back: this page, marked with the order (a path of our site). */
export function returnPathFor(location: { pathname: string; search: string }, orderId: string): string {
  const params = new URLSearchParams(location.search);
  params.set(RETURN_PARAM, orderId);
  return `${location.pathname}?${params.toString()}`;
}

export interface TPendingPhonePayment {
  orderId: string;
  payment: TPayResult;
  payToken?: string;
}

/** Kept for the way back from the wallet app (this tab only). */
export function rememberPhonePayment(pending: TPendingPhonePayment, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // private mode: the page still polls the order from the address alone
  }
}

/**
 * The payment the page left for, when the address says the gateway sent the payer back with it;
 * the address is cleaned of the marker either way. Null when this is not a way back.
 */
export function takePhonePayment(
  location: { search: string },
  storage: Storage = sessionStorage,
): { orderId: string; pending: TPendingPhonePayment | null; rest: string } | null {
  const params = new URLSearchParams(location.search);
  const orderId = params.get(RETURN_PARAM);
  if (!orderId) return null;
  params.delete(RETURN_PARAM);
  let pending: TPendingPhonePayment | null = null;
  try {
    const raw = storage.getItem(PENDING_KEY);
    const parsed = raw ? (JSON.parse(raw) as TPendingPhonePayment) : null;
    if (parsed?.orderId === orderId) pending = parsed;
    storage.removeItem(PENDING_KEY);
  } catch {
    pending = null;
  }
  const rest = params.toString();
  return { orderId, pending, rest: rest ? `?${rest}` : '' };
}
