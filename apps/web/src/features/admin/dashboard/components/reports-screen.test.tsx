import type { TAdminLedgerFigures, TAdminLedgerReport } from '@llk/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../../messages-admin/en/dashboard.json';
import zh from '../../../../../messages-admin/zh-CN/dashboard.json';
import { ReportsScreen } from './reports-screen';

const figures = (
  revenueFen: number,
  refundsFen: number,
  zfbBill: TAdminLedgerFigures['gateways'][number]['bill'],
  differences = 0,
): TAdminLedgerFigures => ({
  revenueFen,
  refundsFen,
  netRevenueFen: revenueFen - refundsFen,
  doublePaymentsFen: 0,
  unmatchedFen: 500,
  commissionPaidFen: 0,
  gateways: [
    {
      gateway: 'ZFB',
      receivedFen: revenueFen,
      paidOutFen: 0,
      feesFen: 161,
      netFen: revenueFen - 161,
      bill: zfbBill,
      billDifferences: differences,
    },
    { gateway: 'WX', receivedFen: 500, paidOutFen: refundsFen, feesFen: 0, netFen: 500 - refundsFen, bill: null, billDifferences: 0 },
  ],
});

const report: TAdminLedgerReport = {
  from: '2026-11-24',
  to: '2026-11-25',
  days: [
    { day: '2026-11-24', ...figures(26800, 0, 'MATCHED') },
    { day: '2026-11-25', ...figures(1800, 1800, 'DIFFERENCES', 2) },
  ],
  totals: figures(28600, 1800, 'DIFFERENCES', 2),
  balances: { refundsOwedFen: 29900, doublePaymentsOwedFen: 0, commissionPayableFen: 5360, ambassadorBalancesFen: 5360 },
};

afterEach(() => {
  cleanup();
});

describe('ReportsScreen', () => {
  it('shows the totals, then the days newest first, each gateway with its bill state, and a CSV link for the range', () => {
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Shanghai">
        <ReportsScreen report={report} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId('report-revenue').textContent).toBe('RevenueCN¥286CN¥268 after refunds');
    expect(screen.getByTestId('report-owed').textContent).toBe('Owed backCN¥5Orders paid twice and money that matched no payment');
    const rows = within(screen.getByTestId('report-days')).getAllByRole('row');
    expect(Array.from(rows[0]!.querySelectorAll('th')).map((cell) => cell.textContent)).toEqual([
      'Day',
      'Revenue',
      'Refunds',
      'Net revenue',
      'Alipay in',
      'Alipay out',
      'Alipay fees',
      'Alipay bill',
      'WeChat Pay in',
      'WeChat Pay out',
      'WeChat Pay fees',
      'WeChat Pay bill',
      'Paid twice',
      'Unmatched',
      'Commission paid',
    ]);
    expect(
      rows
        .slice(1)
        .map((row) => [
          row.querySelector('td')?.textContent,
          row.querySelectorAll('td')[7]?.textContent,
          row.querySelectorAll('td')[11]?.textContent,
        ]),
    ).toEqual([
      ['Total', '2 differences', 'Not reconciled'],
      ['2026-11-25', '2 differences', 'Not reconciled'],
      ['2026-11-24', 'Matched', 'Not reconciled'],
    ]);
    expect(screen.getByTestId('report-csv').getAttribute('href')).toBe('/admin/api/reports/ledger/export?from=2026-11-24&to=2026-11-25');
  });

  it('shows what is owed now: refunds, double payments, and commission payable beside the ambassadors’ balances', () => {
    const differing = { ...report, balances: { ...report.balances, ambassadorBalancesFen: 5000 } };
    const { rerender } = render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Shanghai">
        <ReportsScreen report={report} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId('report-refunds-owed').textContent).toBe(
      'Refunds owedCN¥299Refunds asked for and not yet confirmed back, including those in the refund queue',
    );
    expect(screen.getByTestId('report-commission-payable').textContent).toBe(
      'Commission payableCN¥53.60Matches what the ambassadors are owed (pending, owed and in open batches)',
    );
    rerender(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Shanghai">
        <ReportsScreen report={differing} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId('report-commission-payable').textContent).toContain('Differs from the ambassadors’ balances (CN¥50)');
  });

  it('writes the bill states and gateways in Chinese', () => {
    render(
      <NextIntlClientProvider locale="zh-CN" messages={zh} timeZone="Asia/Shanghai">
        <ReportsScreen report={report} />
      </NextIntlClientProvider>,
    );
    const header = within(screen.getByTestId('report-days')).getAllByRole('row')[0]!;
    expect(header.querySelectorAll('th')[4]?.textContent).toBe('支付宝收入');
    expect(within(screen.getByTestId('report-days')).getAllByRole('row')[1]!.querySelectorAll('td')[7]?.textContent).toBe('2 处差异');
  });
});
