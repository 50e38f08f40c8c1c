'use client';

import type {
  TAdminCloudPcInventory,
  TAdminCloudPcInvoiceList,
  TAdminProviderApplication,
  TAdminProviderApplicationsPage,
  TProviderApplicationState,
} from '@llk/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { adminApi } from '@/features/admin/shell/admin-api';
import { ReasonDialog } from '@/features/admin/shell/components/reason-dialog';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime, formatFen } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';

// /admin/cloud-pc (cloudpc.manage): the machines per plan and state, provider sign-ups by state
// (staff set the state and a note, audited), and the latest cloud-PC invoice requests.

const STATES: readonly TProviderApplicationState[] = ['NEW', 'CONTACTED', 'ACCEPTED', 'DECLINED'];

function Inventory({ inventory }: { inventory: TAdminCloudPcInventory }) {
  const t = useTranslations('AdminCloudPc');
  return (
    <section aria-labelledby="cloud-inventory">
      <h2 id="cloud-inventory" className="text-lg font-semibold text-ink">
        {t('inventoryTitle')}
      </h2>
      <div className="mt-3 [&_td]:whitespace-nowrap [&_th]:whitespace-nowrap">
        <Table testId="cloud-inventory">
          <TableHead>
            <Th>{t('plan')}</Th>
            <Th align="end">{t('running')}</Th>
            <Th align="end">{t('expiringSoon')}</Th>
            <Th align="end">{t('autoRenew')}</Th>
            <Th align="end">{t('expired')}</Th>
            <Th align="end">{t('released')}</Th>
          </TableHead>
          <TableBody>
            {inventory.plans.map((plan) => (
              <tr key={plan.planId}>
                <Td>{t.has(`plans.${plan.planId}`) ? t(`plans.${plan.planId}`) : plan.planId}</Td>
                {[plan.running, plan.expiringSoon, plan.autoRenew, plan.expired, plan.released].map((value, i) => (
                  <Td key={i} align="end" className="tabular-nums">
                    {value}
                  </Td>
                ))}
              </tr>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

function Applications({ page, state }: { page: TAdminProviderApplicationsPage; state: TProviderApplicationState | null }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminCloudPc');
  const locale = useLocale();
  const [items, setItems] = useState(page.items);
  const [editing, setEditing] = useState<TAdminProviderApplication | null>(null);
  const { busy, run } = useAction();
  async function save(reason: string, form: FormData) {
    if (!editing) return;
    // toasted
    await run(async () => {
      const note = String(form.get('note') ?? '').trim();
      const saved = await adminApi.post<TAdminProviderApplication>(`/cloud-pc/applications/${editing.id}/state`, {
        body: { state: String(form.get('state')), ...(note ? { note } : {}), reason },
      });
      setItems((list) => list.map((item) => (item.id === saved.id ? saved : item)));
      setEditing(null);
      toast.success(t('saved'));
    });
  }
  const filterHref = (value: TProviderApplicationState | null) => (value ? `/admin/cloud-pc?state=${value}` : '/admin/cloud-pc');
  return (
    <section aria-labelledby="cloud-applications">
      <h2 id="cloud-applications" className="text-lg font-semibold text-ink">
        {t('applicationsTitle')}
      </h2>
      <nav className="mt-2 flex flex-wrap gap-2 text-sm" aria-label={t('filter')}>
        {[null, ...STATES].map((value) => (
          <Link
            key={value ?? 'all'}
            href={filterHref(value)}
            aria-current={value === state ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 ${value === state ? 'border-brand-600 bg-brand-50 font-medium text-brand-700' : 'border-line text-ink-soft'}`}
          >
            {value ? t(`states.${value}`) : t('all')}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t('noApplications')}</p>
      ) : (
        <ul className="mt-3 grid gap-3" data-testid="cloud-applications">
          {items.map((item) => (
            <li key={item.id} className="rounded-card border border-line bg-canvas p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">{item.company}</p>
                  <p className="text-sm text-ink-soft">
                    {item.contactName} · {[item.phone, item.email].filter(Boolean).join(' · ')}
                  </p>
                  <p className="mt-1 text-sm text-ink-soft">
                    {t('offer', { count: item.machineCount, hardware: item.hardware, region: item.region })}
                  </p>
                  {item.message ? <p className="mt-1 text-sm break-words text-ink-muted">{item.message}</p> : null}
                  <p className="mt-1 text-xs text-ink-muted">{formatDateTime(item.createdAt, locale, zone)}</p>
                </div>
                <div className="flex shrink-0 items-center gap-2 sm:flex-col sm:items-end">
                  <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-ink">{t(`states.${item.state}`)}</span>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(item)}>
                    {t('change')}
                  </Button>
                </div>
              </div>
              {item.stateNote ? <p className="mt-2 border-t border-line pt-2 text-sm text-ink">{item.stateNote}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {page.next ? (
        <Link
          className="mt-3 inline-block text-sm text-brand-700 underline"
          href={`/admin/cloud-pc?${new URLSearchParams({ ...(state ? { state } : {}), before: page.next }).toString()}`}
        >
          {t('next')}
        </Link>
      ) : null}
      <ReasonDialog
        open={editing !== null}
        title={editing ? t('changeTitle', { company: editing.company }) : ''}
        reasonLabel={t('reason')}
        cancelLabel={t('cancel')}
        confirmLabel={t('save')}
        busy={busy}
        onCancel={() => setEditing(null)}
        onConfirm={(reason, form) => void save(reason, form)}
      >
        {editing ? (
          <>
            <Field label={t('state')}>
              {(props) => (
                <select {...props} name="state" defaultValue={editing.state} className={`${props.className} h-11`}>
                  {STATES.map((value) => (
                    <option key={value} value={value}>
                      {t(`states.${value}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('note')}>
              {(props) => (
                <textarea
                  {...props}
                  name="note"
                  rows={2}
                  maxLength={500}
                  defaultValue={editing.stateNote ?? ''}
                  className={`${props.className} py-2`}
                />
              )}
            </Field>
          </>
        ) : null}
      </ReasonDialog>
    </section>
  );
}

function Invoices({ invoices }: { invoices: TAdminCloudPcInvoiceList }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminCloudPc');
  const locale = useLocale();
  return (
    <section aria-labelledby="cloud-invoices">
      <h2 id="cloud-invoices" className="text-lg font-semibold text-ink">
        {t('invoicesTitle')}
      </h2>
      {invoices.items.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t('noInvoices')}</p>
      ) : (
        <div className="mt-3 [&_td]:whitespace-nowrap [&_th]:whitespace-nowrap">
          <Table testId="cloud-invoices">
            <TableHead>
              <Th>{t('invoiceTitle')}</Th>
              <Th>{t('order')}</Th>
              <Th align="end">{t('amount')}</Th>
              <Th>{t('status')}</Th>
              <Th>{t('requested')}</Th>
            </TableHead>
            <TableBody>
              {invoices.items.map((invoice) => (
                <tr key={invoice.id}>
                  <Td>
                    {invoice.title}
                    {invoice.taxId ? <span className="block font-mono text-xs text-ink-muted">{invoice.taxId}</span> : null}
                  </Td>
                  <Td>
                    <Link className="font-mono text-xs text-brand-700 underline" href={`/admin/orders/${invoice.orderId}`}>
                      {invoice.orderId}
                    </Link>
                  </Td>
                  <Td align="end" className="tabular-nums">
                    {formatFen(invoice.amountFen, locale)}
                  </Td>
                  <Td>{invoice.status}</Td>
                  <Td>{formatDateTime(invoice.createdAt, locale, zone)}</Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

export function CloudPcScreen({
  inventory,
  applications,
  state,
  invoices,
}: {
  inventory: TAdminCloudPcInventory;
  applications: TAdminProviderApplicationsPage;
  state: TProviderApplicationState | null;
  invoices: TAdminCloudPcInvoiceList;
}) {
  const t = useTranslations('AdminCloudPc');
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <div className="mt-6 flex flex-col gap-8">
        <Inventory inventory={inventory} />
        <Applications key={`${state ?? 'all'}-${applications.items[0]?.id ?? ''}`} page={applications} state={state} />
        <Invoices invoices={invoices} />
      </div>
    </section>
  );
}
