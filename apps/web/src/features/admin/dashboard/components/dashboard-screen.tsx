'use client';

import type { TAdminDashboard } from '@llk/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { formatFen, formatPercent } from '@/lib/format';
import { DayChart, type TDaySeries } from './day-chart';
import { Figure } from './figure';
import { DisclosureChevron } from '@/components/ui/disclosure-chevron';

// /admin (dashboard.read): the range's figures, two charts per day (money; orders and
// sign-ups), sales per item type, and the figures per day as a table (what the charts draw).
// Days are calendar days of UTC+8; the range is a GET form, so a range is a link. Amounts come
// only to roles with reports.read (null otherwise): without them the money figures, the money
// chart and the money columns are left out, and sales per item type are drawn by items sold.

const ITEM_TYPES = ['MEMBER', 'MONITOR', 'CHANNEL', 'QUALITY', 'CLOUD_PC'] as const;

export function DashboardScreen({ data, username }: { data: TAdminDashboard; username: string }) {
  const t = useTranslations('AdminDashboard');
  const locale = useLocale();
  const money = useMemo(() => (fen: number) => formatFen(Math.round(fen), locale), [locale]);
  const count = useMemo(() => (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value), [locale]);
  const days = useMemo(() => data.days.map((day) => day.day), [data.days]);
  const { totals } = data;
  const withMoney = totals.revenueFen !== null && totals.refundsFen !== null;
  const moneySeries = useMemo<TDaySeries[]>(
    () => [
      { label: t('revenue'), values: data.days.map((day) => day.revenueFen ?? 0), color: '#2563eb' },
      { label: t('refunds'), values: data.days.map((day) => day.refundsFen ?? 0), color: '#dc2626' },
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
  const conversion = totals.signups === 0 ? null : (totals.firstPayers / totals.signups) * 100;
  // bars by amount when amounts are shown, by items sold otherwise
  const measure = (row: TAdminDashboard['byItemType'][number]) => row.amountFen ?? row.items;
  const top = Math.max(1, ...data.byItemType.map(measure));
  const itemName = (type: string) => ((ITEM_TYPES as readonly string[]).includes(type) ? t(`items.${type}`) : type);

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-1 text-ink-muted">{t('intro', { username })}</p>
      <form method="get" action="/admin" className="mt-4 flex flex-wrap items-end gap-3">
        <Field label={t('from')}>
          {(props) => <input {...props} type="date" name="from" defaultValue={data.from} required className={`${props.className} h-11`} />}
        </Field>
        <Field label={t('to')}>
          {(props) => <input {...props} type="date" name="to" defaultValue={data.to} required className={`${props.className} h-11`} />}
        </Field>
        <button type="submit" className={buttonClass({ size: 'field' })}>
          {t('show')}
        </button>
        <p className="w-full text-xs text-ink-muted">{t('zone')}</p>
      </form>

      <dl className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {totals.revenueFen !== null && totals.refundsFen !== null ? (
          <>
            <Figure
              label={t('revenue')}
              value={money(totals.revenueFen)}
              hint={t('net', { amount: money(totals.revenueFen - totals.refundsFen) })}
              testId="dash-revenue"
            />
            <Figure label={t('refunds')} value={money(totals.refundsFen)} testId="dash-refunds" />
          </>
        ) : null}
        <Figure label={t('paidOrders')} value={count(totals.paidOrders)} testId="dash-orders" />
        <Figure
          label={t('signups')}
          value={count(totals.signups)}
          hint={
            conversion === null
              ? t('noSignups')
              : t('conversion', { percent: formatPercent(Math.round(conversion * 10) / 10, locale), payers: totals.firstPayers })
          }
          testId="dash-signups"
        />
        <Figure
          label={t('activeDevices')}
          value={count(data.activeDevices.day)}
          hint={t('activeMonth', { count: data.activeDevices.month })}
          testId="dash-devices"
        />
      </dl>

      {withMoney ? null : (
        <p className="mt-3 text-sm text-ink-muted" data-testid="dash-no-money">
          {t('noMoney')}
        </p>
      )}

      <div className="mt-8 grid gap-8 xl:grid-cols-2">
        {withMoney ? (
          <section aria-labelledby="dash-money">
            <h2 id="dash-money" className="mb-2 text-lg font-semibold text-ink">
              {t('moneyChart')}
            </h2>
            <DayChart days={days} series={moneySeries} format={money} dayLabel={t('day')} locale={locale} testId="dash-money-chart" />
          </section>
        ) : null}
        <section aria-labelledby="dash-counts">
          <h2 id="dash-counts" className="mb-2 text-lg font-semibold text-ink">
            {t('countChart')}
          </h2>
          <DayChart days={days} series={countSeries} format={count} dayLabel={t('day')} locale={locale} whole testId="dash-count-chart" />
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
                  <span className="block h-3 rounded-full bg-brand-600" style={{ width: `${Math.max(2, (measure(row) / top) * 100)}%` }} />
                </span>
                <span className="text-right tabular-nums text-ink">
                  {row.amountFen === null
                    ? t('items.count', { count: row.items })
                    : `${money(row.amountFen)} · ${t('items.count', { count: row.items })}`}
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
              {withMoney ? <Th align="end">{t('revenue')}</Th> : null}
              {withMoney ? <Th align="end">{t('refunds')}</Th> : null}
              <Th align="end">{t('paidOrders')}</Th>
              <Th align="end">{t('signups')}</Th>
            </TableHead>
            <TableBody>
              {[...data.days].reverse().map((day) => (
                <tr key={day.day}>
                  <Td>{day.day}</Td>
                  {day.revenueFen !== null ? (
                    <Td align="end" className="tabular-nums">
                      {money(day.revenueFen)}
                    </Td>
                  ) : null}
                  {day.refundsFen !== null ? (
                    <Td align="end" className="tabular-nums">
                      {money(day.refundsFen)}
                    </Td>
                  ) : null}
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
