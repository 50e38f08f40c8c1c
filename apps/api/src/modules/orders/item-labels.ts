import { type TLocale } from '@llk/contracts';
import { type Db } from '../../infrastructure/db/schema';
import { INVOICE_TEXTS } from './invoice-document.texts';
import { lineName } from './invoice-document';
import { findOrderItems } from './orders.repository';
import { orderItemOf } from './orders.service';

// What an order buys, in the reader's language and with the plan's one name ("Pro 멤버십 · 1개월",
// "Membresía Pro · 1 mes ×2"), for pages that would otherwise show the gateway's Chinese
// subject (the payment sandbox's confirm page; ADR 0035). The wallet's own subject stays
// Chinese (payment-subject.ts).

/** The order's items as one line in `locale`, or null for an unknown order. */
export async function orderItemsLabel(db: Db, orderId: string, locale: TLocale): Promise<string | null> {
  const rows = await findOrderItems(db, orderId);
  if (rows.length === 0) return null;
  const t = INVOICE_TEXTS[locale];
  const lines = rows.map((row) => {
    const item = orderItemOf(row);
    // seats: one term each, times the seats (lineName multiplies the term by the quantity)
    if (row.as_seats && item.quantity > 1) return `${lineName(t, { ...item, quantity: 1 })} ×${item.quantity}`;
    return lineName(t, item);
  });
  return lines.join(locale === 'zh-CN' || locale === 'zh-tw' || locale === 'ja' ? '、' : ', ');
}
