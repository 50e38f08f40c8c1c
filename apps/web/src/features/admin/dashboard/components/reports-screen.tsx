'use client';

import type { TAdminLedgerFigures, TAdminLedgerReport } from '@llk/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { formatFen } from '@/lib/format';
import { Figure } from './figure';

// /admin/reports (reports.read: OWNER and FINANCE): the ledger per day of UTC+8 — revenue and
// refunds, money owed back or unmatched, commission paid, and per gateway what came in, what went
// out, its fees and whether that day's bill was reconciled — with the same range as a CSV.

type TBill = TAdminLedgerFigures['gateways'][number]['bill'];

export function ReportsScreen({ report }: { report: TAdminLedgerReport }) {
  const t = useTranslations('AdminReports');
  const locale = useLocale();
  const money = (fen: number) => formatFen(fen, locale);
  const bill = (state: TBill, differences: number) =>
    state === 'DIFFERENCES' ? t('bill.DIFFERENCES', { count: differences }) : t(`bill.${state ?? 'NOT_RUN'}`);
  const { totals } = report;
  const csvHref = `/admin/api/reports/ledger/export?${new URLSearchParams({ from: report.from, to: report.to }).toString()}`;
  const row = (label: string, figures: TAdminLedgerFigures, key: string, strong = false) => (
    <tr key={key} className={strong ? 'font-semibold' : undefined}>
      <Td>{label}</Td>
      <Td align="end">{money(figures.revenueFen)}</Td>
      <Td align="end">{money(figures.refundsFen)}</Td>
      <Td align="end">{money(figures.netRevenueFen)}</Td>
      {figures.gateways.map((gateway) => [
        <Td key={`${gateway.gateway}-in`} align="end">
          {money(gateway.receivedFen)}
        </Td>,
        <Td key={`${gateway.gateway}-out`} align="end">
          {money(gateway.paidOutFen)}
        </Td>,
        <Td key={`${gateway.gateway}-fees`} align="end">
          {money(gateway.feesFen)}
        </Td>,
        <Td key={`${gateway.gateway}-bill`}>{bill(gateway.bill, gateway.billDifferences)}</Td>,
      ])}
      <Td align="end">{money(figures.doublePaymentsFen)}</Td>
      <Td align="end">{money(figures.unmatchedFen)}</Td>
      <Td align="end">{money(figures.commissionPaidFen)}</Td>
    </tr>
  );

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-1 text-ink-muted">{t('intro')}</p>
      <form method="get" action="/admin/reports" className="mt-4 flex flex-wrap items-end gap-3">
        <Field label={t('from')}>
          {(props) => (
            <input {...props} type="date" name="from" defaultValue={report.from} required className={`${props.className} h-11`} />
          )}
        </Field>
        <Field label={t('to')}>
          {(props) => <input {...props} type="date" name="to" defaultValue={report.to} required className={`${props.className} h-11`} />}
        </Field>
        <button type="submit" className={buttonClass({ size: 'field' })}>
          {t('show')}
        </button>
        <a href={csvHref} className={buttonClass({ variant: 'outline', size: 'field' })} download data-testid="report-csv">
          {t('export')}
        </a>
        <p className="w-full text-xs text-ink-muted">{t('zone')}</p>
      </form>

      <dl className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label={t('revenue')}
          value={money(totals.revenueFen)}
          hint={t('netHint', { amount: money(totals.netRevenueFen) })}
          testId="report-revenue"
        />
        <Figure label={t('refunds')} value={money(totals.refundsFen)} testId="report-refunds" />
        <Figure label={t('owed')} value={money(totals.doublePaymentsFen + totals.unmatchedFen)} hint={t('owedHint')} testId="report-owed" />
        <Figure label={t('commissionPaid')} value={money(totals.commissionPaidFen)} testId="report-commission" />
      </dl>

      {/* balances of the whole ledger, not the range: what is owed right now (ADR 0016) */}
      <h2 className="mt-8 text-lg font-semibold text-ink">{t('balancesHeading')}</h2>
      <p className="mt-1 text-sm text-ink-muted">{t('balancesIntro')}</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          label={t('refundsOwed')}
          value={money(report.balances.refundsOwedFen)}
          hint={t('refundsOwedHint')}
          testId="report-refunds-owed"
        />
        <Figure label={t('doublePaymentsOwed')} value={money(report.balances.doublePaymentsOwedFen)} testId="report-double-owed" />
        <Figure
          label={t('commissionPayable')}
          value={money(report.balances.commissionPayableFen)}
          hint={
            report.balances.commissionPayableFen === report.balances.ambassadorBalancesFen
              ? t('commissionPayableHint')
              : t('commissionPayableDiffers', { amount: money(report.balances.ambassadorBalancesFen) })
          }
          testId="report-commission-payable"
        />
      </dl>

      <div className="mt-8 [&_td]:whitespace-nowrap [&_th]:whitespace-nowrap">
        <Table testId="report-days">
          <TableHead>
            <Th>{t('day')}</Th>
            <Th align="end">{t('revenue')}</Th>
            <Th align="end">{t('refunds')}</Th>
            <Th align="end">{t('net')}</Th>
            {totals.gateways.map((gateway) => [
              <Th key={`${gateway.gateway}-in`} align="end">
                {t('received', { gateway: t(`gateway.${gateway.gateway}`) })}
              </Th>,
              <Th key={`${gateway.gateway}-out`} align="end">
                {t('paidOut', { gateway: t(`gateway.${gateway.gateway}`) })}
              </Th>,
              <Th key={`${gateway.gateway}-fees`} align="end">
                {t('fees', { gateway: t(`gateway.${gateway.gateway}`) })}
              </Th>,
              <Th key={`${gateway.gateway}-bill`}>{t('billColumn', { gateway: t(`gateway.${gateway.gateway}`) })}</Th>,
            ])}
            <Th align="end">{t('doublePayments')}</Th>
            <Th align="end">{t('unmatched')}</Th>
            <Th align="end">{t('commissionPaid')}</Th>
          </TableHead>
          <TableBody>
            {row(t('total'), totals, 'total', true)}
            {[...report.days].reverse().map((day) => row(day.day, day, day.day))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
