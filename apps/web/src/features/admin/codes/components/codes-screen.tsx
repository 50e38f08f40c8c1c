'use client';

import type {
  TAdminCodeBatch,
  TAdminCodeBatchCreated,
  TAdminCodeBatchDeactivated,
  TAdminCodeBatchList,
  TAdminCodeInfo,
  TRedeemKind,
} from '@llk/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { adminApi } from '@/features/admin/shell/admin-api';
import { ReasonDialog } from '@/features/admin/shell/components/reason-dialog';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';

// /admin/codes (codes.manage): create a batch (its codes are shown here once, with a CSV
// download, and never again: only their keyed hashes are stored), the batches with their
// codes by state, a batch's states and redeemers as CSV, deactivation (unused codes expire
// now) and the look-up of one code a customer reads out.

const KINDS: readonly TRedeemKind[] = ['MEMBER_DAYS', 'CHANNEL_DAYS', 'QUALITY_DAYS', 'MONITOR'];
const HOUR_MS = 3_600_000;

/** A date picked in the form: the codes stop working at the end of that day in China time (UTC+8). */
function endOfChinaDay(date: string): string {
  return new Date(new Date(`${date}T00:00:00.000Z`).getTime() + 16 * HOUR_MS).toISOString();
}

/** The new batch's codes as a CSV file (UTF-8 with BOM, so spreadsheet programs read it as such). */
function downloadCodes(batch: string, codes: readonly string[]) {
  const blob = new Blob([`\uFEFFcode\r\n${codes.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `codes-${batch}-clear.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/** A batch name that wraps after its dashes and underscores, not inside its words. */
function BatchName({ name }: { name: string }) {
  const parts = name.split(/(?<=[-_.])/);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </span>
      ))}
    </>
  );
}

function Grants({ batch }: { batch: Pick<TAdminCodeBatch, 'kind' | 'amount' | 'qualityTier'> }) {
  const t = useTranslations('AdminCodes');
  return <>{t(`grants.${batch.kind}`, { amount: batch.amount, tier: batch.qualityTier ?? 'HD' })}</>;
}

function CreateForm({ onCreated }: { onCreated: (created: TAdminCodeBatchCreated) => void }) {
  const t = useTranslations('AdminCodes');
  const [kind, setKind] = useState<TRedeemKind>('MEMBER_DAYS');
  const { busy, run } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const expires = text('expires');
    // the client showed the API's message
    await run(async () => {
      const created = await adminApi.post<TAdminCodeBatchCreated>('/codes/batches', {
        body: {
          kind,
          amount: Number(text('amount')),
          count: Number(text('count')),
          ...(kind === 'QUALITY_DAYS' ? { qualityTier: text('tier') } : {}),
          ...(expires ? { expiresAt: endOfChinaDay(expires) } : {}),
          ...(text('batch') ? { batch: text('batch') } : {}),
          reason: text('reason'),
        },
      });
      onCreated(created);
    });
  }
  const control = (className: string) => `${className} h-11 w-full`;
  return (
    <form className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" onSubmit={(event) => void submit(event)}>
      <Field label={t('kind')}>
        {(props) => (
          <select
            {...props}
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as TRedeemKind)}
            className={control(props.className)}
          >
            {KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`kinds.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={kind === 'MONITOR' ? t('amountWalls') : t('amountDays')}>
        {(props) => (
          <input
            {...props}
            name="amount"
            type="number"
            inputMode="numeric"
            min={1}
            max={kind === 'MONITOR' ? 100 : 3660}
            required
            defaultValue={30}
            className={control(props.className)}
          />
        )}
      </Field>
      <Field label={t('count')} hint={t('countHint')}>
        {(props) => (
          <input
            {...props}
            name="count"
            type="number"
            inputMode="numeric"
            min={1}
            max={5000}
            required
            defaultValue={100}
            className={control(props.className)}
          />
        )}
      </Field>
      {kind === 'QUALITY_DAYS' ? (
        <Field label={t('tier')}>
          {(props) => (
            <select {...props} name="tier" defaultValue="HD" className={control(props.className)}>
              <option value="HD">HD</option>
              <option value="ULTRA">ULTRA</option>
            </select>
          )}
        </Field>
      ) : null}
      <Field label={t('expires')} hint={t('expiresHint')}>
        {(props) => <input {...props} name="expires" type="date" className={control(props.className)} />}
      </Field>
      <Field label={t('batch')} hint={t('batchHint')}>
        {(props) => (
          <input
            {...props}
            name="batch"
            pattern="[\w.\-]{1,64}"
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            className={control(props.className)}
          />
        )}
      </Field>
      <Field label={t('reason')} className="sm:col-span-2 lg:col-span-3">
        {(props) => <textarea {...props} name="reason" rows={2} maxLength={500} required className={`${props.className} w-full py-2`} />}
      </Field>
      <div className="sm:col-span-2 lg:col-span-3">
        <Button type="submit" disabled={busy}>
          {busy ? t('creating') : t('create')}
        </Button>
      </div>
    </form>
  );
}

function CreatedCodes({ created }: { created: TAdminCodeBatchCreated }) {
  const t = useTranslations('AdminCodes');
  const text = created.codes.join('\n');
  return (
    <div className="mt-4 rounded-control border border-brand-200 bg-brand-50 p-4" data-testid="created-codes">
      <h3 className="font-semibold text-ink">{t('createdTitle', { count: created.codes.length, batch: created.batch.batch })}</h3>
      <p className="mt-1 text-sm text-ink-soft">{t('createdIntro')}</p>
      <textarea
        readOnly
        value={text}
        aria-label={t('createdTitle', { count: created.codes.length, batch: created.batch.batch })}
        rows={Math.min(8, created.codes.length)}
        className="mt-3 w-full rounded-control border border-line bg-canvas p-3 font-mono text-sm"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => downloadCodes(created.batch.batch, created.codes)}>
          {t('download')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => toast.success(t('copied')),
              () => undefined,
            )
          }
        >
          {t('copy')}
        </Button>
      </div>
    </div>
  );
}

function Lookup() {
  const zone = useStaffZone();
  const t = useTranslations('AdminCodes');
  const locale = useLocale();
  const [info, setInfo] = useState<TAdminCodeInfo | null>(null);
  const { busy, run } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    await run(
      async () => {
        setInfo(await adminApi.post<TAdminCodeInfo>('/codes/lookup', { body: { code } }));
      },
      {
        onError: () => {
          setInfo(null);
        },
      },
    );
  }
  return (
    <section aria-labelledby="codes-lookup" className="rounded-card border border-line bg-canvas p-4 sm:p-6">
      <h2 id="codes-lookup" className="text-lg font-semibold text-ink">
        {t('lookupTitle')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('lookupIntro')}</p>
      <form className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => void submit(event)}>
        <Field label={t('code')} className="sm:flex-1">
          {(props) => (
            <input
              {...props}
              name="code"
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              className={`${props.className} h-11 font-mono`}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={busy}>
          {t('lookup')}
        </Button>
      </form>
      {info ? (
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]" data-testid="code-info">
          <dt className="text-ink-muted">{t('columns.batch')}</dt>
          <dd className="font-mono text-ink">
            <BatchName name={info.batch} />
          </dd>
          <dt className="text-ink-muted">{t('columns.grants')}</dt>
          <dd className="text-ink">
            <Grants batch={info} />
          </dd>
          <dt className="text-ink-muted">{t('state')}</dt>
          <dd className="font-medium text-ink">{t(`states.${info.state}`)}</dd>
          <dt className="text-ink-muted">{t('columns.expires')}</dt>
          <dd className="text-ink">{info.expiresAt ? formatDateTime(info.expiresAt, locale, zone) : t('never')}</dd>
          {info.redeemedBy ? (
            <>
              <dt className="text-ink-muted">{t('redeemedBy')}</dt>
              <dd className="text-ink">
                <a className="text-brand-700 underline" href={`/admin/users/${info.redeemedBy.id}`}>
                  {info.redeemedBy.username ?? info.redeemedBy.nickname}
                </a>
                {info.redeemedAt ? <span className="ml-2 text-ink-muted">{formatDateTime(info.redeemedAt, locale, zone)}</span> : null}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}

export function CodesScreen({ initial }: { initial: TAdminCodeBatchList }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminCodes');
  const locale = useLocale();
  const [batches, setBatches] = useState(initial.items);
  const [created, setCreated] = useState<TAdminCodeBatchCreated | null>(null);
  const [ending, setEnding] = useState<TAdminCodeBatch | null>(null);
  const { busy, run } = useAction();
  function replace(batch: TAdminCodeBatch) {
    setBatches((list) =>
      [batch, ...list.filter((item) => item.batch !== batch.batch)].sort((a, b) =>
        a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
      ),
    );
  }

  async function deactivate(reason: string) {
    if (!ending) return;
    // toasted
    await run(async () => {
      const answer = await adminApi.post<TAdminCodeBatchDeactivated>(`/codes/batches/${encodeURIComponent(ending.batch)}/deactivate`, {
        body: { reason },
      });
      replace(answer.batch);
      setEnding(null);
      toast.success(answer.deactivated === 0 ? t('deactivatedNone') : t('deactivated', { count: answer.deactivated }));
    });
  }

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{t('intro')}</p>
      <div className="mt-6 flex flex-col gap-8">
        <section aria-labelledby="codes-create" className="rounded-card border border-line bg-canvas p-4 sm:p-6">
          <h2 id="codes-create" className="text-lg font-semibold text-ink">
            {t('createTitle')}
          </h2>
          <CreateForm
            onCreated={(answer) => {
              setCreated(answer);
              replace(answer.batch);
            }}
          />
          {created ? <CreatedCodes created={created} /> : null}
        </section>

        <section aria-labelledby="codes-batches">
          <h2 id="codes-batches" className="text-lg font-semibold text-ink">
            {t('batchesTitle')}
          </h2>
          {batches.length === 0 ? (
            <p className="mt-3 text-ink-muted">{t('empty')}</p>
          ) : (
            <div className="mt-3">
              <Table testId="code-batches">
                <TableHead>
                  <Th>{t('columns.batch')}</Th>
                  <Th>{t('columns.grants')}</Th>
                  <Th>{t('columns.codes')}</Th>
                  <Th>{t('columns.expires')}</Th>
                  <Th>{t('columns.created')}</Th>
                  <Th>{t('columns.actions')}</Th>
                </TableHead>
                <TableBody>
                  {batches.map((batch) => {
                    const unused = batch.count - batch.redeemed - batch.expired;
                    const href = `/admin/api/codes/batches/${encodeURIComponent(batch.batch)}/export`;
                    return (
                      <tr key={`${batch.batch}-${batch.kind}-${batch.amount}`} data-testid={`batch-${batch.batch}`}>
                        <Td className="min-w-32 font-mono text-sm text-ink">
                          <BatchName name={batch.batch} />
                        </Td>
                        <Td className="min-w-28">
                          <Grants batch={batch} />
                        </Td>
                        <Td className="min-w-40">
                          {t('counts', { count: batch.count, redeemed: batch.redeemed, expired: batch.expired, unused })}
                        </Td>
                        <Td className="whitespace-nowrap">
                          {batch.expiresAt ? formatDateTime(batch.expiresAt, locale, zone) : t('never')}
                        </Td>
                        <Td className="whitespace-nowrap">{formatDateTime(batch.createdAt, locale, zone)}</Td>
                        <Td>
                          <div className="flex flex-wrap gap-2">
                            <a href={href} className={buttonClass({ variant: 'outline', size: 'sm' })} download>
                              {t('exportAll')}
                            </a>
                            <a href={`${href}?state=UNUSED`} className={buttonClass({ variant: 'outline', size: 'sm' })} download>
                              {t('exportUnused')}
                            </a>
                            {unused > 0 ? (
                              <Button variant="secondary" size="sm" onClick={() => setEnding(batch)}>
                                {t('deactivate')}
                              </Button>
                            ) : null}
                          </div>
                        </Td>
                      </tr>
                    );
                  })}
                </TableBody>
              </Table>
            </div>
          )}
        </section>

        <Lookup />
      </div>

      <ReasonDialog
        open={ending !== null}
        title={ending ? t('confirmDeactivate', { batch: ending.batch, unused: ending.count - ending.redeemed - ending.expired }) : ''}
        reasonLabel={t('reason')}
        cancelLabel={t('cancel')}
        confirmLabel={t('deactivate')}
        busy={busy}
        danger
        onCancel={() => setEnding(null)}
        onConfirm={(reason) => void deactivate(reason)}
      />
    </section>
  );
}
