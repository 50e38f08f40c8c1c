'use client';

import type { TAdminInvoice, TAdminInvoicesPage, TOrderInvoiceState } from '@llk/contracts';
import { INVOICE_COUNTRIES } from '@llk/contracts/invoice-rules';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { adminApi } from '@/features/admin/shell/admin-api';
import { ReasonDialog } from '@/features/admin/shell/components/reason-dialog';
import { OrderLink, TableOrEmpty } from '@/features/admin/shell/components/list-parts';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime, formatFen } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';

// /admin/invoices (invoices.manage): invoice requests by state, newest first; an open request is
// issued with its number or rejected with a reason (both audited by the API), and its row shows
// the answer at once. Errors toast in the page's language, as on every admin screen.

const STATES: readonly TOrderInvoiceState[] = ['REQUESTED', 'ISSUED', 'REJECTED'];

/** The `state` of the page's link: a state, or ALL for every request. */
export type TInvoiceFilter = TOrderInvoiceState | 'ALL';

type TPending = { action: 'issue' | 'reject' | 'reissue'; invoice: TAdminInvoice };

/** The staff page of an international invoice (the API's HTML through the /admin/api forward). */
export const invoiceDocumentHref = (invoice: Pick<TAdminInvoice, 'id'>, number?: string) =>
  `/admin/api/invoices/${encodeURIComponent(invoice.id)}/document${number ? `?number=${encodeURIComponent(number)}` : ''}`;

export function InvoicesScreen({ filter, page }: { filter: TInvoiceFilter; page: TAdminInvoicesPage }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminInvoices');
  const locale = useLocale();
  const [items, setItems] = useState(page.items);
  const [next, setNext] = useState(page.next);
  const [pending, setPending] = useState<TPending | null>(null);
  const { busy, run } = useAction();

  async function loadMore() {
    if (!next) return;
    // toasted
    await run(async () => {
      const more = await adminApi.get<TAdminInvoicesPage>('/invoices', {
        query: { ...(filter === 'ALL' ? {} : { state: filter }), before: next },
      });
      setItems((list) => [...list, ...more.items.filter((item) => !list.some((known) => known.id === item.id))]);
      setNext(more.next);
    });
  }

  async function answer(reason: string, form: FormData) {
    if (!pending) return;
    // toasted
    await run(async () => {
      const { action, invoice } = pending;
      const invoiceNo = String(form.get('invoiceNo') ?? '').trim();
      const field = (name: string) => String(form.get(name) ?? '').trim();
      const body =
        action === 'issue'
          ? { invoiceNo, ...(reason ? { reason } : {}) }
          : action === 'reissue'
            ? {
                title: field('title'),
                address: field('address'),
                country: field('country'),
                ...(field('taxId') ? { taxId: field('taxId') } : {}),
                number: invoice.invoiceNo ?? '',
                reason,
              }
            : { reason };
      const saved = await adminApi.post<TAdminInvoice>(`/invoices/${invoice.id}/${action}`, { body });
      setItems((list) => list.map((item) => (item.id === saved.id ? saved : item)));
      setPending(null);
      toast.success(
        action === 'issue'
          ? t('issued', { number: saved.invoiceNo ?? invoiceNo })
          : action === 'reissue'
            ? t('reissued', { number: saved.invoiceNo ?? '' })
            : t('rejected'),
      );
    });
  }

  const filterHref = (value: TInvoiceFilter) => `/admin/invoices?state=${value}`;
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <nav className="mt-4 flex flex-wrap gap-2 text-sm" aria-label={t('filter')}>
        {[...STATES, 'ALL' as const].map((value) => (
          <Link
            key={value}
            href={filterHref(value)}
            aria-current={value === filter ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 ${value === filter ? 'border-brand-600 bg-brand-50 font-medium text-brand-700' : 'border-line text-ink-soft'}`}
          >
            {value === 'ALL' ? t('all') : t(`states.${value}`)}
          </Link>
        ))}
      </nav>
      <div className="mt-6">
        <TableOrEmpty rows={items.length} empty={t('empty')}>
          <div className="[&_td]:whitespace-nowrap [&_th]:whitespace-nowrap">
            <Table testId="admin-invoices-table">
              <TableHead>
                <Th>{t('col.order')}</Th>
                <Th>{t('col.kind')}</Th>
                <Th>{t('col.title')}</Th>
                <Th>{t('col.taxId')}</Th>
                <Th>{t('col.email')}</Th>
                <Th align="end">{t('col.amount')}</Th>
                <Th>{t('col.requested')}</Th>
                <Th>{t('col.state')}</Th>
                <Th>{t('col.actions')}</Th>
              </TableHead>
              <TableBody>
                {items.map((invoice) => (
                  <tr key={invoice.id} data-testid="admin-invoice-row" data-order={invoice.orderId}>
                    <Td>
                      <OrderLink orderId={invoice.orderId} />
                    </Td>
                    <Td>
                      <span data-testid="admin-invoice-kind">{t(`kinds.${invoice.kind}`)}</span>
                      {invoice.country ? <span className="block text-xs text-ink-muted">{invoice.country}</span> : null}
                    </Td>
                    <Td>{invoice.title}</Td>
                    <Td>{invoice.taxId ?? t('none')}</Td>
                    <Td>{invoice.email}</Td>
                    <Td align="end">{formatFen(invoice.amountFen, locale)}</Td>
                    <Td>{formatDateTime(invoice.createdAt, locale, zone)}</Td>
                    <Td>
                      <span data-testid="admin-invoice-state">{t(`states.${invoice.state}`)}</span>
                      {invoice.invoiceNo ? (
                        <span className="block text-xs text-ink-muted">{t('invoiceNo', { number: invoice.invoiceNo })}</span>
                      ) : null}
                      {invoice.documents
                        .filter((doc) => doc.state === 'REPLACED')
                        .map((doc) => (
                          <a
                            key={doc.id}
                            href={invoiceDocumentHref(invoice, doc.number)}
                            target="_blank"
                            rel="noopener"
                            className="block text-xs text-ink-muted underline"
                          >
                            {t('replaced', { number: doc.number })}
                          </a>
                        ))}
                      {invoice.rejectReason ? (
                        <span className="block max-w-xs truncate text-xs text-ink-muted" title={invoice.rejectReason}>
                          {invoice.rejectReason}
                        </span>
                      ) : null}
                    </Td>
                    <Td>
                      {invoice.state === 'REQUESTED' ? (
                        <span className="flex gap-2">
                          <Button size="sm" onClick={() => setPending({ action: 'issue', invoice })}>
                            {t('issue')}
                          </Button>
                          <Button size="sm" variant="secondary" onClick={() => setPending({ action: 'reject', invoice })}>
                            {t('reject')}
                          </Button>
                        </span>
                      ) : null}
                      {invoice.kind === 'INTERNATIONAL' && invoice.state === 'ISSUED' ? (
                        <span className="flex items-center gap-2">
                          <a
                            href={invoiceDocumentHref(invoice)}
                            target="_blank"
                            rel="noopener"
                            className="text-sm font-medium text-brand-700 underline"
                            data-testid="admin-invoice-open"
                          >
                            {t('open')}
                          </a>
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setPending({ action: 'reissue', invoice })}
                            data-testid="admin-invoice-reissue"
                          >
                            {t('reissue')}
                          </Button>
                        </span>
                      ) : null}
                    </Td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          </div>
        </TableOrEmpty>
      </div>
      {next ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-4"
          disabled={busy}
          onClick={() => void loadMore()}
          data-testid="admin-invoices-more"
        >
          {t('loadMore')}
        </Button>
      ) : null}
      <ReasonDialog
        open={pending !== null}
        title={pending ? t(`${pending.action}Title`, { order: pending.invoice.orderId, number: pending.invoice.invoiceNo ?? '' }) : ''}
        reasonLabel={pending?.action === 'issue' ? t('note') : t('reason')}
        reasonRequired={pending?.action !== 'issue'}
        cancelLabel={t('cancel')}
        confirmLabel={pending?.action === 'issue' ? t('issue') : pending?.action === 'reissue' ? t('reissue') : t('reject')}
        danger={pending?.action === 'reject'}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={(reason, form) => void answer(reason, form)}
      >
        {pending?.action === 'issue' ? (
          <Field label={t('invoiceNoLabel')}>
            {(props) => (
              <input {...props} name="invoiceNo" required maxLength={64} autoComplete="off" className={`${props.className} h-11`} />
            )}
          </Field>
        ) : null}
        {pending?.action === 'reissue' ? (
          <div className="space-y-3" key={pending.invoice.id}>
            <p className="text-sm text-ink-muted">{t('reissueIntro', { number: pending.invoice.invoiceNo ?? '' })}</p>
            <Field label={t('col.title')}>
              {(props) => (
                <input
                  {...props}
                  name="title"
                  required
                  maxLength={100}
                  defaultValue={pending.invoice.title}
                  className={`${props.className} h-11`}
                />
              )}
            </Field>
            <Field label={t('address')}>
              {(props) => (
                <textarea
                  {...props}
                  name="address"
                  required
                  rows={3}
                  maxLength={300}
                  defaultValue={pending.invoice.address ?? ''}
                  className={`${props.className} py-2`}
                />
              )}
            </Field>
            <Field label={t('country')}>
              {(props) => (
                <select {...props} name="country" defaultValue={pending.invoice.country ?? ''} className={`${props.className} h-11`}>
                  {INVOICE_COUNTRIES.filter((code) => code !== 'CN').map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('col.taxId')}>
              {(props) => (
                <input
                  {...props}
                  name="taxId"
                  maxLength={40}
                  defaultValue={pending.invoice.taxId ?? ''}
                  autoComplete="off"
                  className={`${props.className} h-11`}
                />
              )}
            </Field>
          </div>
        ) : null}
      </ReasonDialog>
    </section>
  );
}
