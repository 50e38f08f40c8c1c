import type { TAdminOrderSummary } from '@llk/contracts';
import Link from 'next/link';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { formatDateTime, formatFen } from '@/lib/format';
import { Wide } from '@/features/admin/shell/components/list-parts';
import { StatusBadge, labelOf } from '@/features/admin/shell/components/status-badge';

type T = ((key: string, values?: Record<string, string | number>) => string) & { has?: (key: string) => boolean };

/**
 * Orders as the back office lists them (/admin/orders, and a user's page): order, subject, total,
 * status and time; `withOwner` adds the refunded amount and the user (the all-orders list).
 * `t` is the AdminOrders translator.
 */
export function OrdersTable({
  orders,
  t,
  language,
  zone,
  withOwner = false,
  testId,
}: {
  orders: readonly TAdminOrderSummary[];
  t: T;
  language: string;
  zone?: string | undefined;
  withOwner?: boolean;
  testId?: string;
}) {
  return (
    <Wide>
      <Table testId={testId}>
        <TableHead>
          <Th>{t('col.order')}</Th>
          <Th>{t('col.subject')}</Th>
          <Th align="end">{t('col.total')}</Th>
          {withOwner ? <Th align="end">{t('col.refunded')}</Th> : null}
          <Th>{t('col.status')}</Th>
          {withOwner ? <Th>{t('col.user')}</Th> : null}
          <Th>{t('col.created')}</Th>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <tr key={order.id}>
              <Td>
                <Link className="font-mono text-brand-700 underline" href={`/admin/orders/${order.id}`}>
                  {order.id}
                </Link>
              </Td>
              <Td>{order.subject}</Td>
              <Td align="end">{formatFen(order.totalFen, language)}</Td>
              {withOwner ? <Td align="end">{order.refundedFen ? formatFen(order.refundedFen, language) : '—'}</Td> : null}
              <Td>
                <StatusBadge code={order.status} text={labelOf(t, 'statuses', order.status)} />
              </Td>
              {withOwner ? (
                <Td>
                  <Link className="text-brand-700 underline" href={`/admin/users/${order.userId}`} data-testid="admin-order-user">
                    {order.username ?? <span className="font-mono text-xs">{order.userId}</span>}
                  </Link>
                </Td>
              ) : null}
              <Td>{formatDateTime(order.createdAt, language, zone)}</Td>
            </tr>
          ))}
        </TableBody>
      </Table>
    </Wide>
  );
}
