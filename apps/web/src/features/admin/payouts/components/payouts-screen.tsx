'use client';

import type { TAdminAmbassadorsPage, TAdminPayoutBatch, TAdminPayoutSettings } from '@llk/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { adminApi } from '@/features/admin/shell/admin-api';
import { ReasonDialog } from '@/features/admin/shell/components/reason-dialog';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime, formatFen } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';

// /admin/payouts (payouts.manage): the threshold, the batches (make one, its Alipay CSV, mark it
// paid with the transfer's reference, cancel it) and the ambassadors with their balances, found
// by id, code or username (a GET form, so a search is a link), each opening its own page.

type TPending = { kind: 'create' } | { kind: 'paid'; batch: TAdminPayoutBatch } | { kind: 'cancel'; batch: TAdminPayoutBatch };

/** "100.00" typed by staff → 10000 fen, without floating point; null unless a positive amount with at most two decimals. */
export function yuanInputToFen(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return fen > 0 ? fen : null;
}

function ThresholdForm({ settings, onSaved }: { settings: TAdminPayoutSettings; onSaved: (next: TAdminPayoutSettings) => void }) {
  const t = useTranslations('AdminPayouts');
  const locale = useLocale();
  const { busy, run } = useAction();
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fen = yuanInputToFen(String(form.get('threshold') ?? ''));
    if (fen === null) {
      setError(t('thresholdInvalid'));
      return;
    }
    setError(undefined);
    // toasted
    await run(async () => {
      onSaved(
        await adminApi.put<TAdminPayoutSettings>('/payouts/settings', {
          body: { thresholdFen: fen, reason: String(form.get('reason') ?? '').trim() },
        }),
      );
      toast.success(t('saved'));
    });
  }
  return (
    <section aria-labelledby="payouts-threshold" className="rounded-card border border-line bg-canvas p-4 sm:p-6">
      <h2 id="payouts-threshold" className="text-lg font-semibold text-ink">
        {t('thresholdTitle')}
      </h2>
      <form className="mt-3 grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end" onSubmit={(event) => void submit(event)}>
        <Field label={t('threshold')} error={error}>
          {(props) => (
            <input
              {...props}
              name="threshold"
              inputMode="decimal"
              required
              defaultValue={(settings.thresholdFen / 100).toFixed(2)}
              className={`${props.className} h-11 w-full tabular-nums`}
            />
          )}
        </Field>
        <Field label={t('reason')}>
          {(props) => <input {...props} name="reason" required maxLength={500} className={`${props.className} h-11 w-full`} />}
        </Field>
        <Button type="submit" disabled={busy}>
          {t('save')}
        </Button>
      </form>
      <p className="mt-2 text-sm text-ink-muted">{t('thresholdHint', { amount: formatFen(settings.thresholdFen, locale) })}</p>
    </section>
  );
}

function Batches({
  batches,
  thresholdFen,
  onChange,
}: {
  batches: TAdminPayoutBatch[];
  thresholdFen: number;
  onChange: (batch: TAdminPayoutBatch) => void;
}) {
  const zone = useStaffZone();
  const t = useTranslations('AdminPayouts');
  const locale = useLocale();
  const router = useRouter();
  const [pending, setPending] = useState<TPending | null>(null);
  const { busy, run } = useAction();
  const money = (fen: number) => formatFen(fen, locale);

  async function confirm(reason: string, form: FormData) {
    if (!pending) return;
    // toasted
    await run(async () => {
      if (pending.kind === 'create') {
        const batch = await adminApi.post<TAdminPayoutBatch>('/payouts/batches', { body: { reason } });
        onChange(batch);
        toast.success(t('created', { count: batch.payoutCount, amount: money(batch.totalFen) }));
      } else if (pending.kind === 'paid') {
        onChange(
          await adminApi.post<TAdminPayoutBatch>(`/payouts/batches/${pending.batch.id}/paid`, {
            body: { reference: String(form.get('reference') ?? '').trim(), reason },
          }),
        );
        toast.success(t('paidDone'));
      } else {
        onChange(await adminApi.post<TAdminPayoutBatch>(`/payouts/batches/${pending.batch.id}/cancel`, { body: { reason } }));
        toast.success(t('cancelled'));
      }
      setPending(null);
      // the ambassadors' balances below are the server's: read them again
      router.refresh();
    });
  }

  const title =
    pending?.kind === 'create'
      ? t('confirmCreate', { amount: money(thresholdFen) })
      : pending?.kind === 'paid'
        ? t('confirmPaid', { id: pending.batch.id, amount: money(pending.batch.totalFen) })
        : pending?.kind === 'cancel'
          ? t('confirmCancel', { id: pending.batch.id })
          : '';

  return (
    <section aria-labelledby="payouts-batches">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payouts-batches" className="text-lg font-semibold text-ink">
          {t('batchesTitle')}
        </h2>
        <Button onClick={() => setPending({ kind: 'create' })}>{t('createBatch')}</Button>
      </div>
      {batches.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t('noBatches')}</p>
      ) : (
        <div className="mt-3 [&_th]:whitespace-nowrap">
          <Table testId="payout-batches">
            <TableHead>
              <Th>{t('batchCols.batch')}</Th>
              <Th>{t('batchCols.state')}</Th>
              <Th align="end">{t('batchCols.payouts')}</Th>
              <Th align="end">{t('batchCols.total')}</Th>
              <Th>{t('batchCols.created')}</Th>
              <Th>{t('batchCols.closed')}</Th>
              <Th>{t('batchCols.actions')}</Th>
            </TableHead>
            <TableBody>
              {batches.map((batch) => (
                <tr key={batch.id} data-testid={`payout-batch-${batch.id}`}>
                  <Td className="font-mono text-xs">{batch.id}</Td>
                  <Td className="whitespace-nowrap">
                    {t(`states.${batch.state}`)}
                    {batch.reference ? <span className="block text-xs text-ink-muted">{batch.reference}</span> : null}
                  </Td>
                  <Td align="end" className="tabular-nums">
                    {batch.payoutCount}
                  </Td>
                  <Td align="end" className="whitespace-nowrap tabular-nums">
                    {money(batch.totalFen)}
                  </Td>
                  <Td className="whitespace-nowrap">{formatDateTime(batch.createdAt, locale, zone)}</Td>
                  <Td className="whitespace-nowrap">{batch.closedAt ? formatDateTime(batch.closedAt, locale, zone) : t('none')}</Td>
                  <Td>
                    <div className="flex flex-wrap gap-2">
                      <a
                        href={`/admin/api/payouts/batches/${batch.id}/export`}
                        className={buttonClass({ variant: 'outline', size: 'sm' })}
                        download
                      >
                        {t('exportCsv')}
                      </a>
                      {batch.state === 'OPEN' ? (
                        <>
                          <Button size="sm" onClick={() => setPending({ kind: 'paid', batch })}>
                            {t('markPaid')}
                          </Button>
                          <Button size="sm" variant="secondary" onClick={() => setPending({ kind: 'cancel', batch })}>
                            {t('cancelBatch')}
                          </Button>
                        </>
                      ) : null}
                    </div>
                  </Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <ReasonDialog
        open={pending !== null}
        title={title}
        reasonLabel={t('reason')}
        cancelLabel={t('cancel')}
        confirmLabel={pending?.kind === 'create' ? t('createBatch') : pending?.kind === 'paid' ? t('markPaid') : t('cancelBatch')}
        busy={busy}
        danger={pending?.kind === 'cancel'}
        onCancel={() => setPending(null)}
        onConfirm={(reason, form) => void confirm(reason, form)}
      >
        {pending?.kind === 'paid' ? (
          <Field label={t('reference')}>
            {(props) => (
              <input
                {...props}
                name="reference"
                required
                maxLength={100}
                autoComplete="off"
                spellCheck={false}
                className={`${props.className} h-11 font-mono`}
              />
            )}
          </Field>
        ) : null}
      </ReasonDialog>
    </section>
  );
}

function Ambassadors({
  page,
  q,
  nextHref,
  onFirst,
}: {
  page: TAdminAmbassadorsPage;
  q: string;
  nextHref: string | null;
  onFirst: boolean;
}) {
  const t = useTranslations('AdminPayouts');
  const locale = useLocale();
  const money = (fen: number) => formatFen(fen, locale);
  return (
    <section aria-labelledby="payouts-ambassadors">
      <h2 id="payouts-ambassadors" className="text-lg font-semibold text-ink">
        {t('ambassadorsTitle')}
      </h2>
      <form method="get" action="/admin/payouts" className="mt-3 flex flex-wrap items-end gap-3" role="search">
        <Field label={t('searchLabel')} className="w-full max-w-md">
          {(props) => <input {...props} name="q" defaultValue={q} maxLength={100} className={`${props.className} h-11 w-full`} />}
        </Field>
        <button type="submit" className={buttonClass({ size: 'field' })}>
          {t('searchButton')}
        </button>
      </form>
      {page.items.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t('noAmbassadors')}</p>
      ) : (
        <div className="mt-3 [&_td]:whitespace-nowrap [&_th]:whitespace-nowrap">
          <Table testId="payout-ambassadors">
            <TableHead>
              <Th>{t('cols.ambassador')}</Th>
              <Th align="end">{t('cols.pending')}</Th>
              <Th align="end">{t('cols.owed')}</Th>
              <Th align="end">{t('cols.inBatch')}</Th>
              <Th align="end">{t('cols.paid')}</Th>
              <Th>{t('cols.payee')}</Th>
              <Th>{t('cols.state')}</Th>
            </TableHead>
            <TableBody>
              {page.items.map((item) => (
                <tr key={item.userId}>
                  <Td>
                    <Link className="font-medium text-brand-700 underline" href={`/admin/payouts/${item.userId}`}>
                      {item.username ?? item.nickname}
                    </Link>
                    <div className="font-mono text-xs text-ink-muted">{item.referralCode}</div>
                  </Td>
                  <Td align="end" className="tabular-nums">
                    {money(item.balances.pendingFen)}
                  </Td>
                  <Td align="end" className={`tabular-nums font-semibold ${item.balances.owedFen < 0 ? 'text-red-700' : 'text-ink'}`}>
                    {money(item.balances.owedFen)}
                  </Td>
                  <Td align="end" className="tabular-nums">
                    {money(item.balances.inBatchFen)}
                  </Td>
                  <Td align="end" className="tabular-nums">
                    {money(item.balances.paidFen)}
                  </Td>
                  <Td>
                    {item.payeeAccount ? (
                      `${item.payeeName ?? ''} · ${item.payeeAccount}`
                    ) : (
                      <span className="text-ink-muted">{t('noPayee')}</span>
                    )}
                  </Td>
                  <Td>{item.bannedAt ? <span className="text-red-700">{t('banned')}</span> : t('active')}</Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <nav className="mt-4 flex gap-4 text-sm">
        {onFirst ? null : (
          <Link className="text-brand-700 underline" href={`/admin/payouts${q ? `?q=${encodeURIComponent(q)}` : ''}`}>
            {t('first')}
          </Link>
        )}
        {nextHref ? (
          <Link className="text-brand-700 underline" href={nextHref}>
            {t('next')}
          </Link>
        ) : null}
      </nav>
    </section>
  );
}

export function PayoutsScreen({
  settings: initialSettings,
  batches: initialBatches,
  ambassadors,
  q,
  nextHref,
  onFirst,
}: {
  settings: TAdminPayoutSettings;
  batches: TAdminPayoutBatch[];
  ambassadors: TAdminAmbassadorsPage;
  q: string;
  nextHref: string | null;
  onFirst: boolean;
}) {
  const t = useTranslations('AdminPayouts');
  const [settings, setSettings] = useState(initialSettings);
  const [batches, setBatches] = useState(initialBatches);
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{t('intro')}</p>
      <div className="mt-6 flex flex-col gap-8">
        <ThresholdForm settings={settings} onSaved={setSettings} />
        <Batches
          batches={batches}
          thresholdFen={settings.thresholdFen}
          onChange={(batch) =>
            setBatches((list) =>
              [batch, ...list.filter((item) => item.id !== batch.id)].sort((a, b) =>
                a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
              ),
            )
          }
        />
        <Ambassadors page={ambassadors} q={q} nextHref={nextHref} onFirst={onFirst} />
      </div>
    </section>
  );
}
