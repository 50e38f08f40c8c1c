'use client';

import type { TAmbassadorInfo, TCommissionState } from '@llk/contracts';
import { useId } from 'react';
import { QrCode } from '@/features/download/components/qr-code';
import { toast } from '@/lib/toast';
import { copyText } from '../copy-text';
import { fill, formatDate, formatDateTime, formatFen } from '@/lib/format';
import { type TReferralTexts, remainingText } from '../texts';
import { secondaryButton } from './buttons';

// An ambassador's view: referral link and code with copy buttons, a QR code of the link, the
// commission totals, the referred users (masked) with their binding's remaining days, and the
// commission lines. Loaded lazily by AmbassadorPanel.

const STATES: TCommissionState[] = ['PENDING', 'EFFECTIVE', 'REVERSED'];
const stateTone: Record<TCommissionState, string> = {
  PENDING: 'bg-amber-50 text-amber-800',
  EFFECTIVE: 'bg-emerald-50 text-emerald-800',
  REVERSED: 'bg-surface text-ink-muted line-through',
};

function CopyRow({ label, value, button, texts, mono, testId }: { label: string; value: string; button: string; texts: TReferralTexts; mono?: boolean; testId: string }) {
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
        <button type="button" className={`${secondaryButton} shrink-0`} onClick={() => void copy()}>
          {button}
        </button>
      </div>
    </div>
  );
}

export default function AmbassadorDashboard({ info, texts, locale }: { info: TAmbassadorInfo; texts: TReferralTexts; locale: string }) {
  const link = info.referralLink ?? '';
  const code = info.referralCode ?? '';
  const totals: Record<TCommissionState, number> = { PENDING: info.totals.pendingFen, EFFECTIVE: info.totals.effectiveFen, REVERSED: info.totals.reversedFen };
  const itemName = (type: string) => (type === 'MEMBER' || type === 'MONITOR' ? texts.itemType[type] : texts.itemType.OTHER);

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
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          {STATES.map((state) => (
            <div key={state} className="flex items-baseline justify-between gap-3 rounded-control border border-line p-3 sm:block" data-testid={`total-${state}`}>
              <dt className="text-sm text-ink-muted">{texts.state[state]}</dt>
              <dd className="text-lg font-semibold text-ink tabular-nums sm:mt-1">{formatFen(totals[state], locale)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-ink-muted">{texts.pendingHint}</p>
      </section>

      <section aria-labelledby="ambassador-referred">
        <h2 id="ambassador-referred" className="text-lg font-semibold text-ink">
          {fill(texts.referredHeading ?? '', { count: info.referredCount })}
        </h2>
        {info.referredUsers.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">{texts.referredEmpty}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-control border border-line" data-testid="referred-users">
            {info.referredUsers.map((user) => (
              <li key={`${user.account}-${user.boundAt}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
                <span className="font-medium text-ink tabular-nums">{user.account}</span>
                <span className="text-ink-muted">{fill(texts.boundOn ?? '', { date: formatDate(user.boundAt, locale, 'medium') })}</span>
                <span className={user.active ? 'text-brand-700' : 'text-ink-muted'}>{remainingText(texts, user.remainingDays, locale)}</span>
              </li>
            ))}
          </ul>
        )}
        {info.referredCount > info.referredUsers.length ? (
          <p className="mt-2 text-xs text-ink-muted">{fill(texts.showingLatest ?? '', { shown: info.referredUsers.length, total: info.referredCount })}</p>
        ) : null}
      </section>

      <section aria-labelledby="ambassador-commissions">
        <h2 id="ambassador-commissions" className="text-lg font-semibold text-ink">
          {fill(texts.commissionsHeading ?? '', { count: info.commissionCount })}
        </h2>
        {info.commissions.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">{texts.commissionsEmpty}</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-control border border-line">
            <table className="w-full text-left text-sm" data-testid="commission-lines">
              <thead className="bg-surface text-ink-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">{texts.column.account}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{texts.column.item}</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">{texts.column.paid}</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">{texts.column.commission}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{texts.column.state}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{texts.column.date}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {info.commissions.map((line) => (
                  <tr key={line.id}>
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">{line.account}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{itemName(line.itemType)}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatFen(line.baseAmountFen, locale)}</td>
                    <td className="px-3 py-2 text-right font-semibold whitespace-nowrap text-ink tabular-nums">{formatFen(line.amountFen, locale)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${stateTone[line.state]}`}>{texts.state[line.state]}</span>
                      {line.state === 'PENDING' ? (
                        <span className="block pt-1 text-xs text-ink-muted">{fill(texts.effectiveFrom ?? '', { date: formatDate(line.effectiveAfter, locale, 'medium') })}</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap text-ink-muted">{formatDateTime(line.paidAt, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {info.commissionCount > info.commissions.length ? (
          <p className="mt-2 text-xs text-ink-muted">{fill(texts.showingLatest ?? '', { shown: info.commissions.length, total: info.commissionCount })}</p>
        ) : null}
      </section>
    </div>
  );
}
