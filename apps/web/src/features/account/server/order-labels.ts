import type { TOrderItem, TOrderStatus } from '@llk/contracts';
import type { getTranslations } from 'next-intl/server';
import { wallCount } from '../orders';

// How orders read in the account area (server components), from the accountOrders texts.

type TOrdersT = Awaited<ReturnType<typeof getTranslations<'accountOrders'>>>;

/** The quality tier a QUALITY item sells, from its catalogue code (QUALITY_HD_YEAR). */
function tierOf(item: TOrderItem): 'HD' | 'ULTRA' {
  return /ULTRA/.test(item.skuId) ? 'ULTRA' : 'HD';
}

/** 'Pro membership', '10 screen walls', 'HD picture quality', … */
export function itemName(t: TOrdersT, item: TOrderItem): string {
  switch (item.itemType) {
    case 'MONITOR':
      return t('items.MONITOR', { count: wallCount(item) });
    case 'QUALITY':
      return t('items.QUALITY', { tier: t(`tiers.${tierOf(item)}`) });
    default:
      return t(`items.${item.itemType}`);
  }
}

/** '1 year', '3 months' (duration × quantity), or null for one-off items. */
export function itemTerm(t: TOrdersT, item: TOrderItem): string | null {
  if (!item.timeUnit) return null;
  return t(`term.${item.timeUnit}`, { count: item.duration * item.quantity });
}

/** One line naming everything in an order: 'Pro membership · 1 year'. */
export function orderTitle(t: TOrdersT, items: readonly TOrderItem[]): string {
  return items.map((item) => [itemName(t, item), itemTerm(t, item)].filter(Boolean).join(' · ')).join(', ');
}

/** The badge colours of a state: unpaid amber, paid green, refunds blue, closed grey. */
export function stateTone(status: TOrderStatus): string {
  if (status === 'CREATED' || status === 'PENDING_PAYMENT') return 'bg-amber-50 text-amber-900 ring-amber-200';
  if (status === 'PAID' || status === 'FULFILLED' || status === 'COMPLETED') return 'bg-green-50 text-green-800 ring-green-200';
  if (status === 'REFUNDING' || status === 'REFUNDED') return 'bg-brand-50 text-brand-800 ring-brand-200';
  return 'bg-surface-raised text-ink-muted ring-line';
}
