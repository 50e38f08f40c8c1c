import type { TAdminSku } from '@llk/contracts';

// The pricing screen's amounts and names. Staff type and read yuan ("299", "268.50"); the API
// takes and keeps integer fen, so the conversion is exact (digits, never floating point).

/** Integer fen as the yuan text of an input: 29900 → "299.00", 5 → "0.05". */
export function fenToYuanText(fen: number): string {
  const whole = Math.floor(fen / 100);
  return `${whole}.${String(fen % 100).padStart(2, '0')}`;
}

/** Typed yuan as integer fen (0 allowed: a free SKU), or null when it is not an amount: "299" → 29900, "0.5" → 50, "1.234" → null. */
export function yuanTextToFen(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

type TSkuWhat = Pick<TAdminSku, 'itemType' | 'timeUnit' | 'duration' | 'quantity' | 'qualityTier'>;

/** A SKU named from what it sells (AdminPricing.names.*, the tier from AdminPricing.tiers.*): "Membership · 1 month". */
export function skuName(t: (key: string, values?: Record<string, string | number>) => string, sku: TSkuWhat): string {
  return t(`names.${sku.itemType}`, {
    unit: sku.timeUnit ?? 'NONE',
    duration: sku.duration,
    quantity: sku.quantity,
    tier: sku.qualityTier ? t(`tiers.${sku.qualityTier}`) : '',
  });
}
