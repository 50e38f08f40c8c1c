'use client';

import type { TAdminQueuedRefund, TAdminRefund, TAdminRefundQueue } from '@llk/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { adminApi } from '@/features/admin/shell/admin-api';
import { ReasonDialog } from '@/features/admin/shell/components/reason-dialog';
import { OrderLink, TableOrEmpty } from '@/features/admin/shell/components/list-parts';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime, formatFen } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';

// /admin/refunds (orders.read; acting needs orders.refund): refunds the payment provider refused
// or never answered for good (ADR 0015, "Refund states and the staff queue"), the longest-waiting
// first, with the queue's size. Each is retried once or settled by hand (paid back another way,
// or not owed), with a reason the API audits; a row leaves the list once it is handled.

type TPending = { action: 'retry' | 'settle'; refund: TAdminQueuedRefund };

const OUTCOMES = ['PAID_BY_HAND', 'NOT_OWED'] as const;

// The reasons the API itself gives (src/modules/cloud-pc, flows/order-sweep.ts and flows/refund-order.ts),
// shown in the staff member's language; a reason staff typed is shown as written.
const SYSTEM_REASONS: Record<string, string> = {
  'double payment': 'doublePayment',
  'cloud PC: first order refunded within 15 minutes': 'cloudPcFirstOrder',
  'cloud PC: renewal of a first order refunded within 15 minutes': 'cloudPcRenewal',
  'cloud PC renewal paid after its machine was released': 'cloudPcUndeliverable',
};

export function RefundsScreen({ queue }: { queue: TAdminRefundQueue }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminRefunds');
  const locale = useLocale();
  const [items, setItems] = useState(queue.items);
  const [total, setTotal] = useState(queue.total);
  const [pending, setPending] = useState<TPending | null>(null);
  const { busy, run } = useAction();
  const reasonText = (reason: string) => (SYSTEM_REASONS[reason] ? t(`systemReasons.${SYSTEM_REASONS[reason]}`) : reason);
  const methodText = (method: string) => (t.has(`methods.${method}`) ? t(`methods.${method}`) : method);

  async function act(reason: string, form: FormData) {
    if (!pending) return;
    // toasted
    await run(async () => {
      const { action, refund } = pending;
      const body = action === 'retry' ? { reason } : { reason, outcome: String(form.get('outcome') ?? 'PAID_BY_HAND') };
      const saved = await adminApi.post<TAdminRefund>(`/refunds/${refund.id}/${action}`, { body });
      setItems((list) => list.filter((item) => item.id !== refund.id));
      setTotal((count) => Math.max(0, count - 1));
      setPending(null);
      toast.success(action === 'retry' ? t('retried', { state: t(`resultStates.${saved.state}`) }) : t('settled'));
    });
  }

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-2 max-w-3xl text-sm text-ink-soft">{t('intro')}</p>
      <p className="mt-4 text-sm font-medium text-ink" data-testid="admin-refunds-count">
        {t('count', { count: total })}
        {total > items.length && items.length > 0 ? (
          <span className="ml-2 font-normal text-ink-muted">{t('shown', { shown: items.length })}</span>
        ) : null}
      </p>
      <div className="mt-4">
        <TableOrEmpty rows={items.length} empty={t('empty')}>
          {/* a phone scrolls the table sideways rather than squeezing an order number to three characters a line */}
          <div className="[&_table]:min-w-[56rem] [&_th]:whitespace-nowrap">
            <Table testId="admin-refunds-table">
              <TableHead>
                <Th>{t('col.order')}</Th>
                <Th>{t('col.customer')}</Th>
                <Th align="end">{t('col.amount')}</Th>
                <Th>{t('col.state')}</Th>
                <Th>{t('col.reason')}</Th>
                <Th>{t('col.waiting')}</Th>
                <Th>{t('col.actions')}</Th>
              </TableHead>
              <TableBody>
                {items.map((refund) => (
                  <tr key={refund.id} data-testid="admin-refund-row" data-refund={refund.id}>
                    <Td className="min-w-[8rem]">
                      <OrderLink orderId={refund.orderId} wrap />
                      <span className="block text-xs text-ink-muted">
                        {t(`kinds.${refund.kind}`)} · {methodText(refund.method)}
                      </span>
                    </Td>
                    <Td className="whitespace-nowrap">
                      <Link className="text-brand-700 underline" href={`/admin/users/${refund.userId}`}>
                        {refund.customer ?? refund.userId}
                      </Link>
                    </Td>
                    <Td align="end" className="whitespace-nowrap">
                      {formatFen(refund.amountFen, locale)}
                    </Td>
                    <Td className="whitespace-nowrap">
                      <span data-testid="admin-refund-state">{t(`states.${refund.state}`)}</span>
                      <span className="block text-xs text-ink-muted">{t('attempts', { count: refund.attempts })}</span>
                    </Td>
                    <Td className="min-w-[10rem]">
                      <span className="block max-w-xs break-all font-mono text-xs" data-testid="admin-refund-outcome">
                        {refund.lastOutcome ?? t('none')}
                      </span>
                      {refund.gatewayMessage ? (
                        <span className="block max-w-xs break-words text-xs text-ink-soft">{refund.gatewayMessage}</span>
                      ) : null}
                      <span className="block max-w-xs break-words text-xs text-ink-muted">
                        {t('asked', { reason: reasonText(refund.reason) })}
                      </span>
                    </Td>
                    <Td className="min-w-[6rem]">{formatDateTime(refund.updatedAt, locale, zone)}</Td>
                    <Td>
                      <span className="flex flex-col gap-2 whitespace-nowrap">
                        <Button size="sm" onClick={() => setPending({ action: 'retry', refund })} data-testid="admin-refund-retry">
                          {t('retry')}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setPending({ action: 'settle', refund })}
                          data-testid="admin-refund-settle"
                        >
                          {t('settle')}
                        </Button>
                      </span>
                    </Td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          </div>
        </TableOrEmpty>
      </div>
      <ReasonDialog
        open={pending !== null}
        title={pending ? t(pending.action === 'retry' ? 'retryTitle' : 'settleTitle') : ''}
        reasonLabel={t('reasonLabel')}
        cancelLabel={t('cancel')}
        confirmLabel={pending?.action === 'retry' ? t('retry') : t('settle')}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={(reason, form) => void act(reason, form)}
      >
        {/* the order number in the text, where it may break: a 26-character number in the heading runs out of a phone's dialog */}
        {pending ? (
          <p className="text-sm text-ink">
            {t('dialogOrder')} <span className="font-mono break-all">{pending.refund.orderId}</span> ·{' '}
            {formatFen(pending.refund.amountFen, locale)}
          </p>
        ) : null}
        {pending?.action === 'retry' ? <p className="text-sm text-ink-soft">{t('retryHint')}</p> : null}
        {pending?.action === 'settle' ? (
          <fieldset className="space-y-2 text-sm">
            <legend className="font-medium text-ink">{t('outcome')}</legend>
            {/* a double payment's money is not ours: it can only be paid back */}
            {OUTCOMES.filter(
              (outcome) => outcome === 'PAID_BY_HAND' || (pending.refund.kind === 'ORDER' && pending.refund.state === 'FAILED'),
            ).map((outcome) => (
              <label key={outcome} className="flex items-start gap-2">
                <input
                  type="radio"
                  name="outcome"
                  value={outcome}
                  defaultChecked={outcome === 'PAID_BY_HAND'}
                  className="mt-1"
                  data-testid={`admin-refund-outcome-${outcome}`}
                />
                <span>{t(`outcomes.${outcome}`)}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
      </ReasonDialog>
    </section>
  );
}
