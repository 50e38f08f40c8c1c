'use client';

import type { TAdminAmbassador, TAdminAmbassadorBanned, TAdminAmbassadorDetail } from '@llk/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { adminApi } from '@/features/admin/shell/admin-api';
import { ReasonDialog } from '@/features/admin/shell/components/reason-dialog';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime, formatFen } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';

// /admin/payouts/<user id> (payouts.manage): one ambassador's balances, payee account, ban, the
// payouts made to them and their latest commission lines with the self-referral flags (what the
// referee shares with the referrer: phone, email, payer account, device, address).

const LINE_STATES = ['PENDING', 'EFFECTIVE', 'REVERSED', 'CLAWBACK', 'CANCELLED'] as const;
const ITEMS = ['MEMBER', 'MONITOR', 'CLAWBACK'] as const;
const tone: Record<string, string> = {
  PENDING: 'bg-amber-50 text-amber-800',
  EFFECTIVE: 'bg-emerald-50 text-emerald-800',
  REVERSED: 'bg-surface text-ink-muted line-through',
  CLAWBACK: 'bg-red-50 text-red-800',
  CANCELLED: 'bg-surface text-ink-muted line-through',
};

function Balances({ ambassador }: { ambassador: TAdminAmbassador }) {
  const t = useTranslations('AdminPayouts');
  const locale = useLocale();
  const rows: [string, number][] = [
    [t('cols.pending'), ambassador.balances.pendingFen],
    [t('cols.owed'), ambassador.balances.owedFen],
    [t('cols.inBatch'), ambassador.balances.inBatchFen],
    [t('cols.paid'), ambassador.balances.paidFen],
    [t('cols.reversed'), ambassador.balances.reversedFen],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="ambassador-balances">
      {rows.map(([label, fen]) => (
        <div key={label} className="flex items-baseline justify-between gap-3 rounded-control border border-line p-3 sm:block">
          <dt className="text-sm text-ink-muted">{label}</dt>
          <dd className={`text-lg font-semibold tabular-nums sm:mt-1 ${fen < 0 ? 'text-red-700' : 'text-ink'}`}>
            {formatFen(fen, locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function PayeeForm({ ambassador, onSaved }: { ambassador: TAdminAmbassador; onSaved: (next: TAdminAmbassador) => void }) {
  const t = useTranslations('AdminPayouts');
  const { busy, run } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    // toasted
    await run(async () => {
      onSaved(
        await adminApi.put<TAdminAmbassador>(`/payouts/ambassadors/${ambassador.userId}/payee`, {
          body: { account: text('account'), name: text('name'), reason: text('reason') },
        }),
      );
      toast.success(t('payeeSaved'));
    });
  }
  return (
    <section aria-labelledby="ambassador-payee" className="rounded-card border border-line bg-canvas p-4 sm:p-6">
      <h2 id="ambassador-payee" className="text-lg font-semibold text-ink">
        {t('payeeTitle')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('payeeIntro')}</p>
      <form className="mt-3 grid gap-4 sm:grid-cols-2" onSubmit={(event) => void submit(event)}>
        <Field label={t('payeeAccount')}>
          {(props) => (
            <input
              {...props}
              name="account"
              required
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              defaultValue={ambassador.payeeAccount ?? ''}
              className={`${props.className} h-11 w-full`}
            />
          )}
        </Field>
        <Field label={t('payeeName')}>
          {(props) => (
            <input
              {...props}
              name="name"
              required
              maxLength={50}
              autoComplete="off"
              defaultValue={ambassador.payeeName ?? ''}
              className={`${props.className} h-11 w-full`}
            />
          )}
        </Field>
        <Field label={t('reason')} className="sm:col-span-2">
          {(props) => <input {...props} name="reason" required maxLength={500} className={`${props.className} h-11 w-full`} />}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {t('save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function BanSection({ ambassador, onChange }: { ambassador: TAdminAmbassador; onChange: (next: TAdminAmbassador) => void }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminPayouts');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const { busy, run } = useAction();
  const name = ambassador.username ?? ambassador.nickname;
  const banned = ambassador.bannedAt !== null;
  async function confirm(reason: string) {
    // toasted
    await run(async () => {
      if (banned) {
        onChange(await adminApi.post<TAdminAmbassador>(`/payouts/ambassadors/${ambassador.userId}/unban`, { body: { reason } }));
        toast.success(t('unbannedDone'));
      } else {
        const answer = await adminApi.post<TAdminAmbassadorBanned>(`/payouts/ambassadors/${ambassador.userId}/ban`, { body: { reason } });
        onChange(answer.ambassador);
        toast.success(answer.cancelledLines === 0 ? t('bannedNone') : t('bannedDone', { count: answer.cancelledLines }));
      }
      setOpen(false);
    });
  }
  return (
    <section aria-labelledby="ambassador-ban" className="rounded-card border border-line bg-canvas p-4 sm:p-6">
      <h2 id="ambassador-ban" className="text-lg font-semibold text-ink">
        {t('banTitle')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('banIntro')}</p>
      {ambassador.bannedAt ? (
        <p className="mt-2 text-sm font-medium text-red-700">
          {t('bannedSince', { date: formatDateTime(ambassador.bannedAt, locale, zone), reason: ambassador.banReason ?? '' })}
        </p>
      ) : null}
      <Button className="mt-3" variant={banned ? 'secondary' : 'danger'} onClick={() => setOpen(true)}>
        {banned ? t('unban') : t('ban')}
      </Button>
      <ReasonDialog
        open={open}
        title={banned ? t('confirmUnban', { name }) : t('confirmBan', { name })}
        reasonLabel={t('reason')}
        cancelLabel={t('cancel')}
        confirmLabel={banned ? t('unban') : t('ban')}
        busy={busy}
        danger={!banned}
        onCancel={() => setOpen(false)}
        onConfirm={(reason) => void confirm(reason)}
      />
    </section>
  );
}

export function AmbassadorScreen({ detail }: { detail: TAdminAmbassadorDetail }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminPayouts');
  const locale = useLocale();
  const [ambassador, setAmbassador] = useState(detail.ambassador);
  const money = (fen: number) => formatFen(fen, locale);
  const state = (value: string) => ((LINE_STATES as readonly string[]).includes(value) ? t(`lineStates.${value}`) : value);
  const item = (value: string) => ((ITEMS as readonly string[]).includes(value) ? t(`items.${value}`) : t('items.OTHER'));
  return (
    <section>
      <Link href="/admin/payouts" className="text-sm text-brand-700 underline">
        {t('back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold text-ink">{ambassador.username ?? ambassador.nickname}</h1>
      <p className="mt-1 text-sm text-ink-muted">
        {t('code')} <span className="font-mono">{ambassador.referralCode}</span> · {t('joined')}{' '}
        {formatDateTime(ambassador.joinedAt, locale, zone)} ·{' '}
        <Link className="text-brand-700 underline" href={`/admin/users/${ambassador.userId}`}>
          {ambassador.userId}
        </Link>
      </p>
      <div className="mt-6 flex flex-col gap-8">
        <section aria-labelledby="ambassador-balances">
          <h2 id="ambassador-balances" className="mb-3 text-lg font-semibold text-ink">
            {t('balancesTitle')}
          </h2>
          <Balances ambassador={ambassador} />
        </section>
        <div className="grid gap-8 lg:grid-cols-2">
          <PayeeForm ambassador={ambassador} onSaved={setAmbassador} />
          <BanSection ambassador={ambassador} onChange={setAmbassador} />
        </div>

        <section aria-labelledby="ambassador-lines">
          <h2 id="ambassador-lines" className="text-lg font-semibold text-ink">
            {t('linesTitle', { count: detail.lineCount })}
          </h2>
          <p
            className={`mt-1 text-sm ${detail.flaggedCount > 0 ? 'font-medium text-red-700' : 'text-ink-muted'}`}
            data-testid="ambassador-flagged"
          >
            {detail.flaggedCount === 0 ? t('flaggedNone') : t('flagged', { count: detail.flaggedCount })}
          </p>
          {detail.lines.length === 0 ? (
            <p className="mt-3 text-ink-muted">{t('noLines')}</p>
          ) : (
            <div className="mt-3 [&_td]:whitespace-nowrap [&_th]:whitespace-nowrap">
              <Table testId="ambassador-lines">
                <TableHead>
                  <Th>{t('lineCols.referee')}</Th>
                  <Th>{t('lineCols.item')}</Th>
                  <Th align="end">{t('lineCols.base')}</Th>
                  <Th align="end">{t('lineCols.amount')}</Th>
                  <Th>{t('lineCols.state')}</Th>
                  <Th>{t('lineCols.flags')}</Th>
                  <Th>{t('lineCols.date')}</Th>
                  <Th>{t('lineCols.order')}</Th>
                </TableHead>
                <TableBody>
                  {detail.lines.map((line) => (
                    <tr key={line.id}>
                      <Td>
                        <Link className="text-brand-700 underline" href={`/admin/users/${line.referredUserId}`}>
                          {line.referredUsername ?? line.referredUserId}
                        </Link>
                      </Td>
                      <Td>{item(line.itemType)}</Td>
                      <Td align="end" className="tabular-nums">
                        {money(line.baseAmountFen)}
                      </Td>
                      <Td align="end" className="font-semibold tabular-nums">
                        {money(line.amountFen)}
                      </Td>
                      <Td>
                        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone[line.state] ?? ''}`}>
                          {state(line.state)}
                        </span>
                        {line.payoutBatchId ? (
                          <span className="block pt-1 font-mono text-xs text-ink-muted">{t('inBatch', { id: line.payoutBatchId })}</span>
                        ) : null}
                      </Td>
                      <Td>
                        {line.flags.length === 0 ? (
                          t('none')
                        ) : (
                          <span className="flex flex-wrap gap-1">
                            {line.flags.map((flag) => (
                              <span key={flag} className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
                                {t(`flags.${flag}`)}
                              </span>
                            ))}
                          </span>
                        )}
                      </Td>
                      <Td>{formatDateTime(line.paidAt, locale, zone)}</Td>
                      <Td>
                        <Link className="font-mono text-xs text-brand-700 underline" href={`/admin/orders/${line.orderId}`}>
                          {line.orderId}
                        </Link>
                      </Td>
                    </tr>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </section>

        <section aria-labelledby="ambassador-payouts">
          <h2 id="ambassador-payouts" className="text-lg font-semibold text-ink">
            {t('payoutsTitle')}
          </h2>
          {detail.payouts.length === 0 ? (
            <p className="mt-3 text-ink-muted">{t('noPayouts')}</p>
          ) : (
            <ul className="mt-3 divide-y divide-line rounded-control border border-line text-sm">
              {detail.payouts.map((payout) => (
                <li key={payout.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
                  <span className="font-semibold tabular-nums">{money(payout.amountFen)}</span>
                  <span>{t(`states.${payout.batchState}`)}</span>
                  <span className="text-ink-muted">{formatDateTime(payout.closedAt ?? payout.createdAt, locale, zone)}</span>
                  <span className="font-mono text-xs text-ink-muted">{payout.reference ?? payout.batchId}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
