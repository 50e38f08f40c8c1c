import type { TAdminOrderDetail } from '@llk/contracts';
import Link from 'next/link';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { formatDateTime, formatFen } from '@/lib/format';
import { DataSection, Facts, Section, TableOrEmpty, Wide } from '@/features/admin/shell/components/list-parts';
import { QueryGatewayButton } from './order-actions';
import { RefundDialog } from '@/features/admin/refunds/components/refund-dialog';
import { StatusBadge, labelOf } from '@/features/admin/shell/components/status-badge';

type T = ((key: string, values?: Record<string, string | number>) => string) & { has?: (key: string) => boolean };

const REFUNDABLE = ['PAID', 'FULFILLED', 'COMPLETED'];
const OPEN_PAYMENT = ['CREATED', 'PENDING'];

/** /admin/orders/[id]: items, payment attempts, notifications received, refunds, invoice requests; refund and gateway query. */
export function OrderDetail({
  t,
  language,
  zone,
  detail,
  canRefund,
}: {
  t: T;
  language: string;
  zone?: string;
  detail: TAdminOrderDetail;
  canRefund: boolean;
}) {
  const { order } = detail;
  const money = (fen: number) => formatFen(fen, language);
  const date = (iso: string | null) => (iso ? formatDateTime(iso, language, zone) : '—');
  const refundableFen = order.totalFen - order.refundedFen;
  return (
    <section>
      <p className="text-sm">
        <Link className="text-brand-700 underline" href="/admin/orders">
          {t('title')}
        </Link>
      </p>
      <h1 className="mt-1 break-all text-2xl font-semibold text-ink">{t('detailTitle', { id: order.id })}</h1>
      <div className="mt-4 flex flex-wrap gap-3">
        {canRefund && REFUNDABLE.includes(order.status) && refundableFen > 0 ? (
          <RefundDialog orderId={order.id} refundableFen={refundableFen} refundableText={money(refundableFen)} />
        ) : null}
        {detail.payments.some((payment) => OPEN_PAYMENT.includes(payment.state)) ? <QueryGatewayButton orderId={order.id} /> : null}
      </div>

      <Section title={t('summary')} testId="admin-order-summary">
        <Facts
          rows={[
            [
              t('col.status'),
              <StatusBadge key="s" code={order.status} text={labelOf(t, 'statuses', order.status)} testId="admin-order-status" />,
            ],
            [t('col.subject'), order.subject],
            [t('col.total'), money(order.totalFen)],
            [t('col.refunded'), money(order.refundedFen)],
            [
              t('customer'),
              detail.user ? (
                <Link key="u" className="text-brand-700 underline" href={`/admin/users/${detail.user.id}`}>
                  {detail.user.username ?? detail.user.id}
                </Link>
              ) : (
                '—'
              ),
            ],
            [t('col.method'), labelOf(t, 'payMethods', order.payMethod)],
            [t('col.created'), date(order.createdAt)],
            [t('paidAt'), date(order.paidAt)],
            [t('fulfilledAt'), date(order.fulfilledAt)],
          ]}
        />
      </Section>

      <Section title={t('items')}>
        <Wide>
          <Table>
            <TableHead>
              <Th>{t('itemCol.type')}</Th>
              <Th>{t('itemCol.sku')}</Th>
              <Th align="end">{t('itemCol.quantity')}</Th>
              <Th align="end">{t('itemCol.amount')}</Th>
            </TableHead>
            <TableBody>
              {detail.items.map((item) => (
                <tr key={item.id}>
                  <Td>{t(`itemTypes.${item.itemType}`)}</Td>
                  <Td className="font-mono">{item.skuId}</Td>
                  <Td align="end">{item.quantity}</Td>
                  <Td align="end">{money(item.amountFen)}</Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </Wide>
      </Section>

      <DataSection title={t('payments')} rows={detail.payments.length} empty={t('noPayments')}>
        <Wide>
          <Table>
            <TableHead>
              <Th>{t('paymentCol.no')}</Th>
              <Th>{t('paymentCol.method')}</Th>
              <Th align="end">{t('paymentCol.amount')}</Th>
              <Th>{t('paymentCol.state')}</Th>
              <Th>{t('paymentCol.trade')}</Th>
              <Th>{t('paymentCol.created')}</Th>
            </TableHead>
            <TableBody>
              {detail.payments.map((payment) => (
                <tr key={payment.id}>
                  <Td className="font-mono">{payment.paymentNo}</Td>
                  <Td>{`${labelOf(t, 'payMethods', payment.method)} · ${labelOf(t, 'payClients', payment.client)}`}</Td>
                  <Td align="end">{money(payment.amountFen)}</Td>
                  <Td>
                    <StatusBadge code={payment.state} text={labelOf(t, 'paymentStates', payment.state)} />
                  </Td>
                  <Td className="font-mono">{payment.gatewayTradeNo ?? '—'}</Td>
                  <Td>{date(payment.createdAt)}</Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </Wide>
      </DataSection>

      <DataSection title={t('notifications')} rows={detail.notifications.length} empty={t('noNotifications')}>
        <Wide>
          <Table>
            <TableHead>
              <Th>{t('notificationCol.received')}</Th>
              <Th>{t('notificationCol.payment')}</Th>
              <Th align="end">{t('notificationCol.amount')}</Th>
              <Th>{t('notificationCol.success')}</Th>
              <Th>{t('notificationCol.outcome')}</Th>
            </TableHead>
            <TableBody>
              {detail.notifications.map((note) => (
                <tr key={note.id}>
                  <Td>{date(note.receivedAt)}</Td>
                  <Td>
                    {`${labelOf(t, 'payMethods', note.method)} `}
                    <span className="font-mono">{note.paymentNo}</span>
                  </Td>
                  <Td align="end">{money(note.amountFen)}</Td>
                  <Td>{note.success ? t('yes') : t('no')}</Td>
                  <Td>
                    <StatusBadge code={note.outcome} text={labelOf(t, 'notificationOutcomes', note.outcome)} />
                  </Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </Wide>
      </DataSection>

      <Section title={t('queries')} testId="admin-order-queries">
        <p className="-mt-1 mb-3 text-sm text-ink-muted">{t('queriesHint')}</p>
        <TableOrEmpty rows={detail.gatewayQueries.length} empty={t('noQueries')}>
          <Wide>
            <Table>
              <TableHead>
                <Th>{t('queryCol.asked')}</Th>
                <Th>{t('queryCol.payment')}</Th>
                <Th>{t('queryCol.source')}</Th>
                <Th>{t('queryCol.state')}</Th>
                <Th align="end">{t('queryCol.amount')}</Th>
                <Th>{t('queryCol.tradeNo')}</Th>
                <Th>{t('queryCol.error')}</Th>
              </TableHead>
              <TableBody>
                {detail.gatewayQueries.map((query) => (
                  <tr key={query.id}>
                    <Td>{date(query.askedAt)}</Td>
                    <Td>
                      {`${labelOf(t, 'payMethods', query.method)} `}
                      <span className="font-mono">{query.paymentNo}</span>
                    </Td>
                    <Td>{t(`querySources.${query.source}`, { username: query.staffUsername ?? '—' })}</Td>
                    <Td>{t(`queryStates.${query.state}`)}</Td>
                    <Td align="end">{query.amountFen === null ? '—' : money(query.amountFen)}</Td>
                    <Td className="font-mono">{query.gatewayTradeNo ?? '—'}</Td>
                    <Td className="break-all">{query.error ?? '—'}</Td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          </Wide>
        </TableOrEmpty>
      </Section>

      <DataSection title={t('refunds')} testId="admin-order-refunds" rows={detail.refunds.length} empty={t('noRefunds')}>
        <Wide>
          <Table>
            <TableHead>
              <Th>{t('refundCol.no')}</Th>
              <Th align="end">{t('refundCol.amount')}</Th>
              <Th>{t('refundCol.state')}</Th>
              <Th>{t('refundCol.reason')}</Th>
              <Th>{t('refundCol.outcome')}</Th>
              <Th>{t('refundCol.created')}</Th>
            </TableHead>
            <TableBody>
              {detail.refunds.map((refund) => (
                <tr key={refund.id}>
                  <Td className="font-mono">{refund.refundNo}</Td>
                  <Td align="end">{money(refund.amountFen)}</Td>
                  <Td>
                    <StatusBadge code={refund.state} text={labelOf(t, 'refundStates', refund.state)} testId="admin-refund-state" />
                  </Td>
                  <Td>{refund.reason}</Td>
                  <Td>{refund.lastOutcome ?? '—'}</Td>
                  <Td>{date(refund.createdAt)}</Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </Wide>
      </DataSection>

      <DataSection title={t('invoices')} rows={detail.invoices.length} empty={t('noInvoices')}>
        <ul className="grid gap-1 text-sm">
          {detail.invoices.map((invoice) => (
            <li key={invoice.id}>
              <StatusBadge code={invoice.state} text={labelOf(t, 'invoiceStates', invoice.state)} />
              {` ${invoice.title} · ${money(invoice.amountFen)}${invoice.invoiceNo ? ` · ${invoice.invoiceNo}` : ''}${invoice.rejectReason ? ` · ${invoice.rejectReason}` : ''}`}
            </li>
          ))}
        </ul>
      </DataSection>
    </section>
  );
}
