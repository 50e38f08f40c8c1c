import { ErrorCode, type TCustomerRefundState, type TOrderInfo, type TOrderInvoices } from '@llk/contracts';
import { ApiError } from '@llk/contracts/client';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@/features/account/components/account-heading';
import { CancelOrder } from '@/features/account/components/cancel-order';
import { InvoiceForm } from '@/features/account/components/invoice-form';
import { OrderState } from '@/features/account/components/order-state';
import { hasReceipt, invoiceAllowed, isUnpaid } from '@/features/account/orders';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import { itemName, itemTerm } from '@/features/account/server/order-labels';
import { ButtonLink, TextLink } from '@/components/ui/button-link';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { LocalTime } from '@/components/local-time';
import { formatDate, formatDateTime, formatFen } from '@/lib/format';
import { visitorZone } from '@/lib/visitor-zone-server';
import { accountOrderPath, accountReceiptPath } from '@/lib/routes';
import { OrderId } from '@/features/account/components/order-id';
import { Phrased } from '@/lib/phrases';

// /account/orders/{id}: one order (GET /order/info/{id}), with Cancel while unpaid, the receipt
// link once paid, and the invoice requests (GET /order/invoice/{id}) with the form while none
// is open. Someone else's or an unknown order is this page's 404.

type Params = LocaleParams<{ id: string }>;

/** The device list's tones for where a refund stands (features/cloud-pc/components/device-list.tsx). */
const REFUND_TONE: Record<TCustomerRefundState, string> = {
  REQUESTED: 'text-ink-muted',
  PENDING: 'text-amber-900',
  REFUNDED: 'text-emerald-800',
  REFUSED: 'text-red-700',
};

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  return accountMetadata(await resolveLocale(params), accountOrderPath(id), 'order');
}

export default async function AccountOrderPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const { id } = await params;
  const api = await accountApi(locale, accountOrderPath(id));
  const path = `/order/info/${encodeURIComponent(id)}`;
  const order = await api.get<TOrderInfo>(path).catch((error: unknown) => {
    if (error instanceof ApiError && (error.errcode === ErrorCode.ORDER_NOT_FOUND || error.status === 400)) notFound();
    throw error;
  });
  const [t, shell, validation, invoices, zone] = await Promise.all([
    getTranslations({ locale, namespace: 'accountOrders' }),
    getTranslations({ locale, namespace: 'accountShell' }),
    getTranslations({ locale, namespace: 'validation' }),
    hasReceipt(order.status)
      ? api.get<TOrderInvoices>(`/order/invoice/${encodeURIComponent(id)}`).then((answer) => answer.invoices)
      : Promise.resolve([]),
    visitorZone(),
  ]);
  const tag = localeEntries[locale].iso;
  const fen = (amount: number) => formatFen(amount, tag);
  // the order number's words around it: the number itself shortens on phones (OrderId)
  const orderNo = (t.raw('orderNo') as string).split('{id}');
  const current = invoices[0];
  const open = current?.state === 'REQUESTED' || current?.state === 'ISSUED';

  // every time on the reader's clock with its offset, the deadline as the payment panel shows it (docs/adr/0031)
  const moment = (iso: string) => <LocalTime iso={iso} languageTag={tag} serverZone={zone} />;
  const facts: Array<[string, ReactNode]> = [
    [t('status'), t(`states.${order.status}`)],
    [t('createdAt'), moment(order.createdAt)],
    ...(order.paidAt ? [[t('paidAt'), moment(order.paidAt)] as [string, ReactNode]] : []),
    ...(isUnpaid(order.status) ? [[t('payBy'), <span data-testid="pay-by">{moment(order.expiresAt)}</span>] as [string, ReactNode]] : []),
    [t('method'), order.payMethod ? t(`methods.${order.payMethod}`) : t('methods.none')],
  ];

  return (
    <div className="space-y-8" data-testid="order-detail" data-status={order.status}>
      <div>
        <TextLink href="/account/orders" className="text-sm">
          ← {t('allOrders')}
        </TextLink>
      </div>
      <AccountHeading
        locale={locale}
        title={shell('titles.order')}
        lede={
          <OrderId id={order.id} before={orderNo[0] ?? ''} after={orderNo[1] ?? ''} copyLabel={t('copyId')} copiedText={t('copiedId')} />
        }
      >
        {hasReceipt(order.status) ? (
          <ButtonLink href={accountReceiptPath(order.id)} size="sm" data-testid="open-receipt">
            {t('receipt')}
          </ButtonLink>
        ) : null}
      </AccountHeading>

      <section className="rounded-card border border-line bg-canvas">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line p-4">
          <OrderState status={order.status} label={t(`states.${order.status}`)} />
          {isUnpaid(order.status) ? (
            <CancelOrder
              orderId={order.id}
              texts={{
                cancel: t('cancel'),
                confirm: t('cancelConfirm'),
                yes: t('cancelYes'),
                keep: t('cancelKeep'),
                cancelled: t('cancelled'),
              }}
            />
          ) : null}
        </div>
        <dl className="grid gap-x-6 gap-y-3 p-4 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="order-items">
        <h2 id="order-items" className="text-lg font-semibold text-balance break-keep text-ink">
          <Phrased text={t('itemsHeading')} locale={locale} />
        </h2>
        <ul className="mt-3 divide-y divide-line rounded-card border border-line bg-canvas">
          {order.items.map((item) => (
            <li key={`${item.skuId}-${item.quantity}`} className="flex items-baseline justify-between gap-4 p-4">
              <span className="min-w-0 text-ink">
                {itemName(t, item)}
                {itemTerm(t, item) ? <span className="block text-sm text-ink-muted">{itemTerm(t, item)}</span> : null}
              </span>
              <span className="text-right whitespace-nowrap text-ink tabular-nums">
                {item.quantity > 1 && item.itemType !== 'MONITOR' ? (
                  <span className="mr-2 text-sm text-ink-muted">{t('quantity', { count: item.quantity })}</span>
                ) : null}
                {fen(item.amountFen)}
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 ml-auto max-w-xs space-y-1 text-sm">
          {order.discountFen > 0 ? (
            <>
              <div className="flex justify-between gap-4 text-ink-muted">
                <dt>{t('listPrice')}</dt>
                <dd className="tabular-nums">{fen(order.originalTotalFen)}</dd>
              </div>
              <div className="flex justify-between gap-4 text-ink-muted">
                <dt>{t('discount')}</dt>
                <dd className="tabular-nums">−{fen(order.discountFen)}</dd>
              </div>
            </>
          ) : null}
          <div className="flex justify-between gap-4 text-base font-semibold text-ink">
            <dt>{t('total')}</dt>
            <dd className="tabular-nums" data-testid="order-total">
              {fen(order.totalFen)}
            </dd>
          </div>
          {order.refundedFen > 0 ? (
            <div className="flex justify-between gap-4 text-ink-muted">
              <dt>{t('refunded')}</dt>
              <dd className="tabular-nums">{fen(order.refundedFen)}</dd>
            </div>
          ) : null}
        </dl>
        {/* each refund with where it stands: "refunded" only once the money is confirmed back (ADR 0015) */}
        {order.refunds?.length ? (
          <>
            <h3 className="mt-6 text-base font-semibold text-balance break-keep text-ink">
              <Phrased text={t('refundsHeading')} locale={locale} />
            </h3>
            <ul className="mt-2 divide-y divide-line rounded-card border border-line bg-canvas text-sm" data-testid="order-refunds">
              {order.refunds.map((refund) => (
                <li
                  key={refund.requestedAt}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
                  data-testid="order-refund"
                  data-state={refund.state}
                >
                  <span className="min-w-0 text-ink-muted">{t('refundLine', { time: formatDateTime(refund.requestedAt, tag, zone) })}</span>
                  {/* the amount never splits from its currency; on a phone the pair goes under the date, to the right */}
                  <span className="ml-auto text-right">
                    <span className="font-medium whitespace-nowrap text-ink tabular-nums">{fen(refund.amountFen)}</span>
                    {' · '}
                    <span className={REFUND_TONE[refund.state]}>{t(`refundStates.${refund.state}`)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {order.refunds?.some((refund) => refund.state === 'REFUSED') ? (
          <p className="mt-2 text-sm text-ink-muted" data-testid="order-refund-refused">
            {t('refundRefusedNote')}
          </p>
        ) : null}
      </section>

      {/* a refunded order with no invoice request has nothing here: no heading over an empty section */}
      {hasReceipt(order.status) && (invoices.length > 0 || (!open && invoiceAllowed(order.status))) ? (
        <section aria-labelledby="order-invoice" className="space-y-4" data-testid="invoice-section">
          <div>
            <h2 id="order-invoice" className="text-lg font-semibold text-balance break-keep text-ink">
              <Phrased text={t('invoice.heading')} locale={locale} />
            </h2>
            {!open && invoiceAllowed(order.status) ? <p className="mt-1 text-ink-muted">{t('invoice.intro')}</p> : null}
          </div>
          {invoices.length > 0 ? (
            <ul className="space-y-2" data-testid="invoice-requests">
              {invoices.map((invoice) => (
                <li key={invoice.id} className="rounded-control border border-line bg-surface px-4 py-3 text-sm" data-state={invoice.state}>
                  <p className="font-semibold text-ink">
                    {invoice.kind === 'INTERNATIONAL' && invoice.invoiceNo
                      ? t('invoice.issuedInternational', { number: invoice.invoiceNo })
                      : t(`invoice.states.${invoice.state}`)}
                  </p>
                  <p className="mt-0.5 break-words text-ink-muted">
                    {invoice.title}
                    {invoice.taxId ? ` · ${invoice.taxId}` : ''} · {invoice.email}
                  </p>
                  <p className="text-ink-muted">
                    {t('invoice.requestedOn', { date: formatDate(invoice.requestedAt, tag, 'medium', zone) })} ·{' '}
                    {t('invoice.amount', { amount: fen(invoice.amountFen) })}
                  </p>
                  {/* the printable invoice is the API's page, through the /api forward (ADR 0030) */}
                  {invoice.kind === 'INTERNATIONAL' && invoice.state === 'ISSUED' && invoice.id === current?.id ? (
                    <p className="mt-2">
                      <a
                        href={`/api/order/invoice/${encodeURIComponent(order.id)}/document`}
                        target="_blank"
                        rel="noopener"
                        className="font-medium text-brand-700 underline underline-offset-2"
                        data-testid="invoice-open"
                      >
                        {t('invoice.open')}
                      </a>
                      <span className="sr-only"> {t('invoice.opensNew')}</span>
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {!open && invoiceAllowed(order.status) ? (
            <InvoiceForm
              orderId={order.id}
              locale={locale}
              languageTag={tag}
              texts={{
                country: t('invoice.country'),
                kindFapiao: t('invoice.kindFapiao'),
                kindInternational: t('invoice.kindInternational'),
                nextFapiao: t('invoice.nextFapiao'),
                nextInternational: t('invoice.nextInternational'),
                title: t('invoice.title'),
                titleHint: t('invoice.titleHint'),
                companyName: t('invoice.companyName'),
                companyHint: t('invoice.companyHint'),
                taxId: t('invoice.taxId'),
                taxIdHint: t('invoice.taxIdHint'),
                vatNumber: t('invoice.vatNumber'),
                vatHint: t.raw('invoice.vatHint') as string,
                taxNumber: t('invoice.taxNumber'),
                taxNumberHint: t('invoice.taxNumberHint'),
                address: t('invoice.address'),
                addressHint: t('invoice.addressHint'),
                email: t('invoice.email'),
                submit: t('invoice.submit'),
                sent: t('invoice.sent'),
                errors: {
                  titleRequired: t('invoice.titleRequired'),
                  titleTooLong: t('invoice.titleTooLong'),
                  taxIdFormat: t('invoice.taxIdFormat'),
                  vatNumberInvalid: validation('vatNumberInvalid'),
                  taxNumberFormat: validation('taxNumberFormat'),
                  addressRequired: t('invoice.addressRequired'),
                  addressTooLong: t('invoice.addressTooLong'),
                  emailRequired: validation('emailRequired'),
                  emailInvalid: validation('emailInvalid'),
                },
              }}
            />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
