// Gateways speak two money formats: Alipay yuan strings ("88.00"), WeChat Pay integer fen.
// Conversions are string arithmetic, never floating point.

/** 8800 → "88.00" (Alipay total_amount / refund_amount). */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`amount must be a non-negative whole number of fen, got ${fen}`);
  const text = String(fen).padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** "88.00" / "88.1" / "88" → 8800 / 8810 / 8800; null for anything else (signs, exponents, 3 decimals). */
export function yuanToFen(yuan: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(whole) * 100 + Number(cents);
}

/** Beijing time (UTC+8) as "yyyy-MM-dd HH:mm:ss", the format of Alipay's time fields. */
export function toBeijingTime(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 60 * 60 * 1000);
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}

/** "yyyy-MM-dd HH:mm:ss" in Beijing time → Date; null when malformed. */
export function fromBeijingTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const date = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** RFC 3339 with the +08:00 offset, the format WeChat Pay expects for time_expire. */
export function toRfc3339Beijing(date: Date): string {
  return `${toBeijingTime(date).replace(' ', 'T')}+08:00`;
}
