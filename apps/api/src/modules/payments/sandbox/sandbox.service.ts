import { type TLocale } from '@llk/contracts';
import { type Db } from '../../../infrastructure/db/schema';
import { orderItemsLabel } from '../../orders';
import { findPaymentByNo } from '../payments.repository';

/**
 * What a sandbox confirm page names as the item: the order's items in the page's language, with
 * the plan's one name, rather than the Chinese subject a wallet shows; the charge's own `subject`
 * when the payment is not one of ours (a test's own charge).
 */
export async function chargeItemLabel(db: Db, paymentNo: string, locale: TLocale, subject: string): Promise<string> {
  const payment = await findPaymentByNo(db, paymentNo);
  return (payment ? await orderItemsLabel(db, payment.order_id, locale) : null) ?? subject;
}
