'use client';

import type { TAmbassadorInfo, TCommissionState } from '@llk/contracts';
import { useId } from 'react';
import { QrCode } from '@/components/qr-code';
import { toast } from '@/lib/toast';
import { copyText } from '../copy-text';
import { useVisitorZone } from '@/components/local-time';
import { fill, formatDate, formatDateTime, formatFen } from '@/lib/format';
import { type TReferralTexts, remainingText } from '../texts';
import { buttonClass } from '@/components/ui/button';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { PayoutSection } from './payout-section';

// An ambassador's view: referral link and code with copy buttons, a QR code of the link, the
// commission totals, the referred users (masked) with their binding's remaining days, and the
// commission lines. Loaded lazily by AmbassadorPanel.

type TTotal = 'PENDING' | 'EFFECTIVE' | 'PAID_OUT' | 'REVERSED';
const TOTALS: TTotal[] = ['PENDING', 'EFFECTIVE', 'PAID_OUT', 'REVERSED'];
const stateTone: Record<TCommissionState, string> = {
  PENDING: 'bg-amber-50 text-amber-800',
  EFFECTIVE: 'bg-emerald-50 text-emerald-800',
  REVERSED: 'bg-surface text-ink-muted line-through',
  CLAWBACK: 'bg-red-50 text-red-800',
  CANCELLED: 'bg-surface text-ink-muted line-through',
};

function CopyRow({
  label,
  value,
  button,
  texts,
  mono,
  testId,
}: {
  label: string;
  value: string;
  button: string;
  texts: TReferralTexts;
  mono?: boolean;
  testId: string;
}) {
  const id = useId();
  async function copy() {
    if (await copyText(value)) toast.success(texts.copied ?? '');
    else toast.error(texts.copyFailed ?? '');
  }
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          data-testid={testId}
          className={`min-h-11 w-full min-w-0 rounded-control border border-line bg-surface px-3 text-ink ${mono ? 'font-mono text-lg tracking-widest' : 'text-sm'}`}
        />
        <button type="button" className={buttonClass({ variant: 'secondary' }, 'shrink-0')} onClick={() => void copy()}>
          {button}
        </button>
      </div>
    </div>
  );
}

export default function AmbassadorDashboard({ info, texts, locale }: { info: TAmbassadorInfo; texts: TReferralTexts; locale: string }) {
  const zone = useVisitorZone();
  const link = info.referralLink ?? '';
  const code = info.referralCode ?? '';
  const totals: Record<TTotal, number> = {
    PENDING: info.totals.pendingFen,
    EFFECTIVE: info.totals.effectiveFen,
    PAID_OUT: info.totals.paidOutFen,
    REVERSED: info.totals.reversedFen,
  };
  const clawedBack = info.commissions.some((line) => line.state === 'CLAWBACK');
  const itemName = (type: string) =>
    type === 'MEMBER' || type === 'MONITOR' || type === 'CLAWBACK' ? texts.itemType[type] : texts.itemType.OTHER;

  return (
    <div className="space-y-8" data-testid="ambassador-dashboard">
      <section className="grid gap-6 sm:grid-cols-[1fr_auto] sm:items-start">
        <div className="space-y-4">
          <CopyRow label={texts.linkLabel ?? ''} value={link} button={texts.copyLink ?? ''} texts={texts} testId="referral-link" />
          <CopyRow label={texts.codeLabel ?? ''} value={code} button={texts.copyCode ?? ''} texts={texts} mono testId="referral-code" />
          <p className="text-sm text-ink-muted">{texts.shareHint}</p>
        </div>
        <figure className="flex flex-col items-center gap-2">
          <QrCode value={link} label={texts.qrLabel ?? ''} size={160} />
          <figcaption className="max-w-44 text-center text-xs text-ink-muted">{texts.qrHint}</figcaption>
        </figure>
      </section>

      <section aria-labelledby="ambassador-totals">
        <h2 id="ambassador-totals" className="text-lg font-semibold text-ink">
          {texts.totalsHeading}
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {TOTALS.map((state) => (
            <div
              key={state}
              className="flex items-baseline justify-between gap-3 rounded-control border border-line p-3 sm:block"
              data-testid={`total-${state}`}
            >
              <dt className="text-sm text-ink-muted">{texts.state[state]}</dt>
              <dd className="text-lg font-semibold text-ink tabular-nums sm:mt-1">{formatFen(totals[state], locale)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-ink-muted">{texts.pendingHint}</p>
        {clawedBack ? <p className="mt-1 text-sm text-ink-muted">{texts.clawbackHint}</p> : null}
      </section>

      <PayoutSection payout={info.payout} texts={texts} locale={locale} />

      <section aria-labelledby="ambassador-referred">
        <h2 id="ambassador-referred" className="text-lg font-semibold text-ink">
          {fill(texts.referredHeading ?? '', { count: info.referredCount })}
        </h2>
        {info.referredUsers.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">{texts.referredEmpty}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-control border border-line" data-testid="referred-users">
            {info.referredUsers.map((user) => (
              <li
                key={`${user.account}-${user.boundAt}`}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm"
              >
                <span className="font-medium text-ink tabular-nums">{user.account}</span>
                <span className="text-ink-muted">
                  {fill(texts.boundOn ?? '', { date: formatDate(user.boundAt, locale, 'medium', zone) })}
                </span>
                <span className={user.active ? 'text-brand-700' : 'text-ink-muted'}>
                  {remainingText(texts, user.remainingDays, locale)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {info.referredCount > info.referredUsers.length ? (
          <p className="mt-2 text-xs text-ink-muted">
            {fill(texts.showingLatest ?? '', { shown: info.referredUsers.length, total: info.referredCount })}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="ambassador-commissions">
        <h2 id="ambassador-commissions" className="text-lg font-semibold text-ink">
          {fill(texts.commissionsHeading ?? '', { count: info.commissionCount })}
        </h2>
        {info.commissions.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">{texts.commissionsEmpty}</p>
        ) : (
          <div className="mt-3">
            <Table testId="commission-lines">
              <TableHead>
                <Th>{texts.column.account}</Th>
                <Th>{texts.column.item}</Th>
                <Th align="end">{texts.column.paid}</Th>
                <Th align="end">{texts.column.commission}</Th>
                <Th>{texts.column.state}</Th>
                <Th>{texts.column.date}</Th>
              </TableHead>
              <TableBody>
                {info.commissions.map((line) => (
                  <tr key={line.id}>
                    <Td className="whitespace-nowrap tabular-nums">{line.account}</Td>
                    <Td className="whitespace-nowrap">{itemName(line.itemType)}</Td>
                    <Td align="end" className="whitespace-nowrap">
                      {formatFen(line.baseAmountFen, locale)}
                    </Td>
                    <Td align="end" className="font-semibold whitespace-nowrap text-ink">
                      {formatFen(line.amountFen, locale)}
                    </Td>
                    <Td className="whitespace-nowrap">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${stateTone[line.state]}`}>
                        {texts.state[line.state]}
                      </span>
                      {line.state === 'PENDING' ? (
                        <span className="block pt-1 text-xs text-ink-muted">
                          {fill(texts.effectiveFrom ?? '', { date: formatDate(line.effectiveAfter, locale, 'medium', zone) })}
                        </span>
                      ) : null}
                      {line.paidOutAt ? (
                        <span className="block pt-1 text-xs text-ink-muted">
                          {fill(texts.paidOutOn ?? '', { date: formatDate(line.paidOutAt, locale, 'medium', zone) })}
                        </span>
                      ) : null}
                    </Td>
                    <Td className="whitespace-nowrap text-ink-muted">{formatDateTime(line.paidAt, locale, zone)}</Td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {info.commissionCount > info.commissions.length ? (
          <p className="mt-2 text-xs text-ink-muted">
            {fill(texts.showingLatest ?? '', { shown: info.commissions.length, total: info.commissionCount })}
          </p>
        ) : null}
      </section>
    </div>
  );
}
