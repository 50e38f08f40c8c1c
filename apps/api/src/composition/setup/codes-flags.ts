import { ZQualityTier, ZRedeemKind } from '@llk/contracts';
import { type CodeBatchRequest } from '../../modules/redeem';

/** Most codes one run creates, and the largest amount (days or walls) one code carries. */
export const CODES_COUNT_MAX = 100_000;
export const CODES_AMOUNT_MAX = 3_660;

function flag(flags: string[], name: string): string | undefined {
  const at = flags.indexOf(name);
  return at >= 0 ? flags[at + 1] : undefined;
}

function positive(value: string | undefined, max: number): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/**
 * The flags of `codes:create`, checked: a batch request, or what is wrong. `--expires` is a
 * date, the codes work through that whole day in China time (until 24:00 Asia/Shanghai).
 */
export function parseCodesFlags(flags: string[], now: Date): CodeBatchRequest | string {
  const kind = ZRedeemKind.safeParse(flag(flags, '--kind'));
  if (!kind.success) return `--kind must be one of ${ZRedeemKind.options.join(', ')}`;
  const amount = positive(flag(flags, '--amount'), CODES_AMOUNT_MAX);
  if (amount === null) return `--amount must be a whole number from 1 to ${CODES_AMOUNT_MAX}`;
  const count = positive(flag(flags, '--count'), CODES_COUNT_MAX);
  if (count === null) return `--count must be a whole number from 1 to ${CODES_COUNT_MAX}`;
  const tierFlag = flag(flags, '--tier');
  const tier = tierFlag === undefined ? undefined : ZQualityTier.exclude(['STANDARD']).safeParse(tierFlag);
  if (tier && !tier.success) return '--tier must be HD or ULTRA';
  if (tier && kind.data !== 'QUALITY_DAYS') return '--tier is for --kind QUALITY_DAYS only';
  const expires = flag(flags, '--expires');
  let expiresAt: Date | undefined;
  if (expires !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expires)) return '--expires must be a date, YYYY-MM-DD';
    const day = new Date(`${expires}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== expires) return '--expires must be a date, YYYY-MM-DD';
    expiresAt = new Date(day.getTime() + 16 * 3_600_000); // the next midnight in China time (UTC+8)
    if (expiresAt <= now) return '--expires must be in the future';
  }
  const batch = flag(flags, '--batch') ?? `${kind.data}-${amount}-${now.toISOString().slice(0, 10)}`;
  if (!/^[\w.-]{1,64}$/.test(batch)) return '--batch: 1 to 64 letters, digits, dots, dashes or underscores';
  return {
    kind: kind.data,
    amount,
    count,
    batch,
    ...(tier?.success ? { qualityTier: tier.data } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  };
}
