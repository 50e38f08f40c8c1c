import type { OrderItemRow } from './orders.repository';

// What the payer's wallet shows for an order (Alipay `subject`, WeChat Pay `description`) and
// what the gateway's statement keeps. Written in Chinese, the language of the merchant accounts
// and of the statements, whatever the site's language — never the SKU's code (ADR 0020):
// "LLK Remote 会员 1年", "LLK Remote 会员席位 1个月 ×3", "LLK Remote 超清画质 1年、屏幕墙 ×2".

/** Alipay allows 256 characters and WeChat Pay 127 bytes: the tighter rule for both. */
export const SUBJECT_MAX_BYTES = 127;

const BRAND = 'LLK Remote';
const TIERS: Record<string, string> = { STANDARD: '标准', HD: '高清', ULTRA: '超清' };

type SubjectItem = Pick<OrderItemRow, 'item_type' | 'time_unit' | 'duration' | 'units' | 'quantity' | 'quality_tier' | 'as_seats'>;

function nameOf(item: SubjectItem): string {
  const seat = item.as_seats ? '席位' : '';
  switch (item.item_type) {
    case 'MEMBER':
      return `会员${seat}`;
    case 'CHANNEL':
      return `全球通道${seat}`;
    case 'QUALITY':
      return `${TIERS[item.quality_tier ?? ''] ?? ''}画质`;
    case 'CLOUD_PC':
      return '云电脑';
    case 'MONITOR':
      return '屏幕墙';
    default:
      return '服务';
  }
}

function termOf(item: SubjectItem): string {
  if (item.time_unit === 'YEAR') return `${item.duration}年`;
  if (item.time_unit === 'MONTH') return `${item.duration}个月`;
  return '';
}

function describe(item: SubjectItem): string {
  const count = item.item_type === 'MONITOR' ? item.units * item.quantity : item.quantity;
  return [nameOf(item), termOf(item), count > 1 ? `×${count}` : ''].filter(Boolean).join(' ');
}

/** Cuts at a character boundary so the UTF-8 form fits `maxBytes`, with "…" when cut. */
export function fitBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  const ellipsis = '…';
  const room = maxBytes - Buffer.byteLength(ellipsis);
  let out = '';
  let bytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (bytes + size > room) break;
    out += char;
    bytes += size;
  }
  return out + ellipsis;
}

export function paymentSubject(items: readonly SubjectItem[]): string {
  return fitBytes(`${BRAND} ${items.map(describe).join('、')}`, SUBJECT_MAX_BYTES);
}
