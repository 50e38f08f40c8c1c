import { ErrorCode, type TOrderReceipt } from '@llk/contracts';
import { ApiError } from '@llk/contracts/client';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PrintButton } from '@/features/account/components/print-button';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import { itemName, itemTerm } from '@/features/account/server/order-labels';
import { ButtonLink, TextLink } from '@/components/ui/button-link';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { formatDateTime, formatFen } from '@/lib/format';
import { visitorZone } from '@/lib/visitor-zone-server';
import { accountOrderPath, accountReceiptPath } from '@/lib/routes';
import { Phrased } from '@/lib/phrases';

// /account/orders/{id}/receipt: the printable receipt of a paid order (GET /order/receipt/{id})
// in the page's language, amounts in yuan formatted from fen for the locale. Printing leaves
// only the receipt: the header, footer, account navigation and buttons carry print:hidden
// (globals.css: data-print-root hides the header and footer), and the receipt drops its frame on paper.

type Params = LocaleParams<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  return accountMetadata(await resolveLocale(params), accountReceiptPath(id), 'receipt');
}

export default async function AccountReceiptPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const { id } = await params;
  const api = await accountApi(locale, accountReceiptPath(id));
  const [t, brand, zone] = await Promise.all([getTranslations({ locale, namespace: 'accountOrders' }), getBrand(locale), visitorZone()]);
  const receipt = await api.get<TOrderReceipt>(`/order/receipt/${encodeURIComponent(id)}`, { silent: true }).catch((error: unknown) => {
    if (error instanceof ApiError && (error.errcode === ErrorCode.ORDER_NOT_FOUND || error.status === 400)) notFound();
    if (error instanceof ApiError && error.errcode === ErrorCode.RECEIPT_NOT_AVAILABLE) return null;
    throw error;
  });
  const back = (
    <TextLink href={accountOrderPath(id)} className="text-sm">
      ← {t('receiptDoc.back')}
    </TextLink>
  );
  if (!receipt) {
    return (
      <div className="space-y-4">
        {back}
        <p role="status" className="rounded-card border border-line bg-surface p-6 text-ink" data-testid="receipt-unavailable">
          {t('receiptDoc.unavailable')}
        </p>
      </div>
    );
  }

  const tag = localeEntries[locale].iso;
  const fen = (amount: number) => formatFen(amount, tag);
  const facts: Array<[string, string]> = [
    [t('receiptDoc.orderNo'), receipt.orderId],
    [t('receiptDoc.paidAt'), formatDateTime(receipt.paidAt, tag, zone)],
    [t('receiptDoc.method'), t(`methods.${receipt.payMethod}`)],
    [t('receiptDoc.paymentNo'), receipt.paymentNo],
    ...(receipt.gatewayTradeNo ? [[t('receiptDoc.tradeNo'), receipt.gatewayTradeNo] as [string, string]] : []),
  ];

  return (
    <div className="space-y-4 print:space-y-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        {back}
        <PrintButton label={t('receiptDoc.print')} />
      </div>
      <article
        data-print-root
        className="receipt rounded-card border border-line bg-canvas p-5 sm:p-8 print:rounded-none print:border-0 print:p-0"
        data-testid="receipt"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-5">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-balance break-keep text-ink">
              <Phrased text={t('receiptDoc.heading')} locale={locale} />
            </h1>
            <dl className="mt-2 text-sm">
              <dt className="text-ink-muted">{t('receiptDoc.seller')}</dt>
              <dd className="font-semibold text-ink">{brand}</dd>
            </dl>
          </div>
          <dl className="text-sm sm:text-right">
            <dt className="text-ink-muted">{t('receiptDoc.buyer')}</dt>
            <dd className="font-semibold break-all text-ink">{receipt.account}</dd>
          </dl>
        </header>

        <dl className="grid gap-x-6 gap-y-3 border-b border-line py-5 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="font-mono text-sm break-all text-ink">{value}</dd>
            </div>
          ))}
        </dl>

        <table className="mt-5 w-full text-left text-sm" data-testid="receipt-items">
          <thead className="border-b border-line text-ink-muted">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('receiptDoc.item')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('receiptDoc.quantity')}
              </th>
              <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell print:table-cell">
                {t('receiptDoc.unitPrice')}
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                {t('receiptDoc.amount')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {receipt.items.map((item) => (
              <tr key={`${item.skuId}-${item.quantity}`}>
                <td className="py-3 pr-3 text-ink">
                  {itemName(t, item)}
                  {itemTerm(t, item) ? <span className="block text-ink-muted">{itemTerm(t, item)}</span> : null}
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{item.quantity}</td>
                <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell print:table-cell">{fen(item.priceFen)}</td>
                <td className="py-3 pl-3 text-right tabular-nums">{fen(item.amountFen)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="mt-4 ml-auto max-w-xs space-y-1 border-t border-line pt-4 text-sm">
          {receipt.discountFen > 0 ? (
            <>
              <div className="flex justify-between gap-4 text-ink-muted">
                <dt>{t('listPrice')}</dt>
                <dd className="tabular-nums">{fen(receipt.originalTotalFen)}</dd>
              </div>
              <div className="flex justify-between gap-4 text-ink-muted">
                <dt>{t('discount')}</dt>
                <dd className="tabular-nums">−{fen(receipt.discountFen)}</dd>
              </div>
            </>
          ) : null}
          <div className="flex justify-between gap-4 text-base font-bold text-ink">
            <dt>{t('receiptDoc.totalPaid')}</dt>
            <dd className="tabular-nums" data-testid="receipt-total">
              {fen(receipt.totalFen)}
            </dd>
          </div>
          {receipt.refundedFen > 0 ? (
            <div className="flex justify-between gap-4 text-ink-muted">
              <dt>{t('refunded')}</dt>
              <dd className="tabular-nums">{fen(receipt.refundedFen)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-6 text-xs leading-relaxed text-ink-muted">{t('receiptDoc.note')}</p>
      </article>
      <div className="print:hidden">
        <ButtonLink href="/account/orders" variant="secondary" size="sm">
          {t('allOrders')}
        </ButtonLink>
      </div>
    </div>
  );
}
