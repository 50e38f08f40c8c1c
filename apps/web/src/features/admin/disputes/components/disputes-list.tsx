'use client';

import type { TAdminDispute } from '@llk/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { OrderLink, TableOrEmpty } from '@/features/admin/shell/components/list-parts';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime, formatFen } from '@/lib/format';

// Card disputes (ADR 0029; orders.read): what Stripe told us of (charge.dispute.*), newest first,
// each with its order and the support thread opened for it (the task of answering the issuer in
// Stripe's Dashboard before the deadline). Shown under the refund queue.

const KNOWN_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
  'prevented',
];

export function DisputesList({ items }: { items: TAdminDispute[] }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminDisputes');
  const locale = useLocale();
  return (
    <section className="mt-10" aria-labelledby="admin-disputes-heading">
      <h2 id="admin-disputes-heading" className="text-xl font-semibold text-ink">
        {t('title')}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-ink-soft">{t('intro')}</p>
      <div className="mt-4">
        <TableOrEmpty rows={items.length} empty={t('empty')}>
          <div className="[&_table]:min-w-[48rem] [&_th]:whitespace-nowrap">
            <Table testId="admin-disputes-table">
              <TableHead>
                <Th>{t('col.order')}</Th>
                <Th align="end">{t('col.amount')}</Th>
                <Th>{t('col.reason')}</Th>
                <Th>{t('col.status')}</Th>
                <Th>{t('col.due')}</Th>
                <Th>{t('col.task')}</Th>
              </TableHead>
              <TableBody>
                {items.map((dispute) => (
                  <tr key={dispute.id} data-testid="admin-dispute-row" data-dispute={dispute.gatewayDisputeId}>
                    <Td className="min-w-[8rem]">
                      {dispute.orderId ? (
                        <OrderLink orderId={dispute.orderId} wrap />
                      ) : (
                        <span className="text-ink-muted">{t('noOrder')}</span>
                      )}
                      <span className="block font-mono text-xs break-all text-ink-muted">{dispute.gatewayDisputeId}</span>
                    </Td>
                    <Td align="end" className="whitespace-nowrap">
                      {dispute.currency.toLowerCase() === 'cny'
                        ? formatFen(dispute.amountFen, locale)
                        : `${(dispute.amountFen / 100).toFixed(2)} ${dispute.currency.toUpperCase()}`}
                    </Td>
                    <Td className="font-mono text-xs">{dispute.reason}</Td>
                    <Td className="whitespace-nowrap">
                      {KNOWN_STATUSES.includes(dispute.status) ? t(`statuses.${dispute.status}`) : dispute.status}
                    </Td>
                    <Td className="min-w-[6rem]">
                      {dispute.evidenceDueAt ? formatDateTime(dispute.evidenceDueAt, locale, zone) : t('none')}
                    </Td>
                    <Td className="whitespace-nowrap">
                      {dispute.supportThreadId ? (
                        <Link className="text-brand-700 underline" href={`/admin/support/${dispute.supportThreadId}`}>
                          {t('openTask')}
                        </Link>
                      ) : (
                        t('none')
                      )}
                    </Td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          </div>
        </TableOrEmpty>
      </div>
    </section>
  );
}
