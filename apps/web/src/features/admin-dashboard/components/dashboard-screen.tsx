'use client';

import type { TAdminDashboard } from '@llk/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { formatFen, formatPercent } from '@/lib/format';
import { DayChart, type TDaySeries } from './day-chart';
import { DisclosureChevron } from '@/components/ui/disclosure-chevron';

// /admin (dashboard.read): the range's figures, two charts per day (money; orders and
// sign-ups), sales per item type, and the figures per day as a table (what the charts draw).
// Days are calendar days of UTC+8; the range is a GET form, so a range is a link.

const ITEM_TYPES = ['MEMBER', 'MONITOR', 'CHANNEL', 'QUALITY', 'CLOUD_PC'] as const;

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-control border border-line bg-canvas p-4" data-testid={testId}>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-ink tabular-nums">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-ink-muted">{hint}</dd> : null}
    </div>
  );
}

export function DashboardScreen({ data, username }: { data: TAdminDashboard; username: string }) {
  const t = useTranslations('AdminDashboard');
  const locale = useLocale();
  const money = useMemo(() => (fen: number) => formatFen(Math.round(fen), locale), [locale]);
  const count = useMemo(() => (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value), [locale]);
  const days = useMemo(() => data.days.map((day) => day.day), [data.days]);
  const moneySeries = useMemo<TDaySeries[]>(
    () => [
      { label: t('revenue'), values: data.days.map((day) => day.revenueFen), color: '#2563eb' },
      { label: t('refunds'), values: data.days.map((day) => day.refundsFen), color: '#dc2626' },
    ],
    [data.days, t],
  );
  const countSeries = useMemo<TDaySeries[]>(
    () => [
      { label: t('paidOrders'), values: data.days.map((day) => day.paidOrders), color: '#059669', bars: true },
      { label: t('signups'), values: data.days.map((day) => day.signups), color: '#7c3aed' },
    ],
    [data.days, t],
  );
  const { totals } = data;
  const conversion = totals.signups === 0 ? null : (totals.firstPayers / totals.signups) * 100;
  const topAmount = Math.max(1, ...data.byItemType.map((row) => row.amountFen));
  const itemName = (type: string) => ((ITEM_TYPES as readonly string[]).includes(type) ? t(`items.${type}`) : type);

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-1 text-ink-muted">{t('intro', { username })}</p>
      <form method="get" action="/admin" className="mt-4 flex flex-wrap items-end gap-3">
        <Field label={t('from')}>{(props) => <input {...props} type="date" name="from" defaultValue={data.from} required className={`${props.className} h-11`} />}</Field>
        <Field label={t('to')}>{(props) => <input {...props} type="date" name="to" defaultValue={data.to} required className={`${props.className} h-11`} />}</Field>
        <button type="submit" className={buttonClass({ size: 'field' })}>
          {t('show')}
        </button>
        <p className="w-full text-xs text-ink-muted">{t('zone')}</p>
      </form>

      <dl className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <Figure label={t('revenue')} value={money(totals.revenueFen)} hint={t('net', { amount: money(totals.revenueFen - totals.refundsFen) })} testId="dash-revenue" />
        <Figure label={t('refunds')} value={money(totals.refundsFen)} testId="dash-refunds" />
        <Figure label={t('paidOrders')} value={count(totals.paidOrders)} testId="dash-orders" />
        <Figure
          label={t('signups')}
          value={count(totals.signups)}
          hint={conversion === null ? t('noSignups') : t('conversion', { percent: formatPercent(Math.round(conversion * 10) / 10, locale), payers: totals.firstPayers })}
          testId="dash-signups"
        />
        <Figure label={t('activeDevices')} value={count(data.activeDevices.day)} hint={t('activeMonth', { count: data.activeDevices.month })} testId="dash-devices" />
      </dl>

      <div className="mt-8 grid gap-8 xl:grid-cols-2">
        <section aria-labelledby="dash-money">
          <h2 id="dash-money" className="mb-2 text-lg font-semibold text-ink">
            {t('moneyChart')}
          </h2>
          <DayChart days={days} series={moneySeries} format={money} testId="dash-money-chart" />
        </section>
        <section aria-labelledby="dash-counts">
          <h2 id="dash-counts" className="mb-2 text-lg font-semibold text-ink">
            {t('countChart')}
          </h2>
          <DayChart days={days} series={countSeries} format={count} testId="dash-count-chart" />
        </section>
      </div>

      <section aria-labelledby="dash-items" className="mt-8">
        <h2 id="dash-items" className="text-lg font-semibold text-ink">
          {t('byItemType')}
        </h2>
        {data.byItemType.length === 0 ? (
          <p className="mt-2 text-ink-muted">{t('noSales')}</p>
        ) : (
          <ul className="mt-3 grid gap-2" data-testid="dash-items">
            {data.byItemType.map((row) => (
              <li key={row.itemType} className="grid grid-cols-[8rem_1fr_auto] items-center gap-3 text-sm">
                <span className="text-ink">{itemName(row.itemType)}</span>
                <span className="h-3 rounded-full bg-brand-100">
                  <span className="block h-3 rounded-full bg-brand-600" style={{ width: `${Math.max(2, (row.amountFen / topAmount) * 100)}%` }} />
                </span>
                <span className="text-right tabular-nums text-ink">
                  {money(row.amountFen)} · {t('items.count', { count: row.items })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <details className="group mt-8">
        <summary className="no-marker inline-flex min-h-10 cursor-pointer list-none items-center gap-1.5 text-sm font-medium text-brand-700">
          {t('perDay')}
          <DisclosureChevron className="size-5" />
        </summary>
        <div className="mt-3 [&_td]:whitespace-nowrap [&_th]:whitespace-nowrap">
          <Table testId="dash-days">
            <TableHead>
              <Th>{t('day')}</Th>
              <Th align="end">{t('revenue')}</Th>
              <Th align="end">{t('refunds')}</Th>
              <Th align="end">{t('paidOrders')}</Th>
              <Th align="end">{t('signups')}</Th>
            </TableHead>
            <TableBody>
              {[...data.days].reverse().map((day) => (
                <tr key={day.day}>
                  <Td>{day.day}</Td>
                  <Td align="end" className="tabular-nums">
                    {money(day.revenueFen)}
                  </Td>
                  <Td align="end" className="tabular-nums">
                    {money(day.refundsFen)}
                  </Td>
                  <Td align="end" className="tabular-nums">
                    {count(day.paidOrders)}
                  </Td>
                  <Td align="end" className="tabular-nums">
                    {count(day.signups)}
                  </Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </div>
      </details>
    </section>
  );
}
