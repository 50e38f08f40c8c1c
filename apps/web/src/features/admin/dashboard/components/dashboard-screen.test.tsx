import type { TAdminDashboard } from '@llk/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../../messages-admin/en/dashboard.json';

// uPlot draws on a canvas, which the test DOM lacks: the charts' data is checked as built
// (chartData), the drawing in the browser.
vi.mock('uplot', () => ({ default: class {} }));
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);

import { chartData, dayTimes } from './day-chart';
import { DashboardScreen } from './dashboard-screen';

const data: TAdminDashboard = {
  from: '2026-11-23',
  to: '2026-11-25',
  days: [
    { day: '2026-11-23', revenueFen: 0, refundsFen: 0, paidOrders: 0, signups: 1 },
    { day: '2026-11-24', revenueFen: 26800, refundsFen: 1800, paidOrders: 2, signups: 3 },
    { day: '2026-11-25', revenueFen: 3000, refundsFen: 0, paidOrders: 1, signups: 0 },
  ],
  totals: { revenueFen: 29800, refundsFen: 1800, paidOrders: 3, signups: 4, firstPayers: 1 },
  byItemType: [
    { itemType: 'MEMBER', amountFen: 28000, items: 2 },
    { itemType: 'MONITOR', amountFen: 1800, items: 1 },
  ],
  activeDevices: { day: 12, month: 40 },
};

afterEach(() => {
  cleanup();
});

describe('DashboardScreen', () => {
  it('shows the totals, the conversion, sales per item type and the figures per day', () => {
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Shanghai">
        <DashboardScreen data={data} username="alice" />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId('dash-revenue').textContent).toBe('RevenueCN¥298CN¥280 after refunds');
    expect(screen.getByTestId('dash-signups').textContent).toBe('Sign-ups425% paid an order (1 person)');
    expect(screen.getByTestId('dash-devices').textContent).toBe('Devices active in the last 24 hours1240 devices in the last 30 days');
    expect(
      within(screen.getByTestId('dash-items'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['MembershipCN¥280 · 2 items', 'Screen wallsCN¥18 · 1 item']);
    const rows = within(screen.getByTestId('dash-days')).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent))).toEqual([
      ['2026-11-25', 'CN¥30', 'CN¥0', '1', '0'],
      ['2026-11-24', 'CN¥268', 'CN¥18', '2', '3'],
      ['2026-11-23', 'CN¥0', 'CN¥0', '0', '1'],
    ]);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-23');
    expect(screen.queryByTestId('dash-no-money')).toBeNull();
  });

  it('leaves the amounts out for a role without reports.read: no money figures, chart or columns; items drawn by count', () => {
    const counts: TAdminDashboard = {
      ...data,
      days: data.days.map((day) => ({ ...day, revenueFen: null, refundsFen: null })),
      totals: { ...data.totals, revenueFen: null, refundsFen: null },
      byItemType: data.byItemType.map((row) => ({ ...row, amountFen: null })),
    };
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Shanghai">
        <DashboardScreen data={counts} username="olga" />
      </NextIntlClientProvider>,
    );
    expect(screen.queryByTestId('dash-revenue')).toBeNull();
    expect(screen.queryByTestId('dash-refunds')).toBeNull();
    expect(screen.queryByTestId('dash-money-chart')).toBeNull();
    expect(screen.getByTestId('dash-no-money').textContent).toBe(en.AdminDashboard.noMoney);
    expect(
      within(screen.getByTestId('dash-items'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Membership2 items', 'Screen walls1 item']);
    const rows = within(screen.getByTestId('dash-days')).getAllByRole('row');
    expect(Array.from(rows[0]!.querySelectorAll('th')).map((cell) => cell.textContent)).toEqual(['Day', 'Paid orders', 'Sign-ups']);
    expect(Array.from(rows[1]!.querySelectorAll('td')).map((cell) => cell.textContent)).toEqual(['2026-11-25', '1', '0']);
  });

  it('gives the charts each day at noon in UTC+8 and every series’ values', () => {
    const days = ['2026-11-23', '2026-11-24', '2026-11-25'];
    const times = dayTimes(days);
    expect(times.map((time) => new Date(time * 1000).toISOString())).toEqual([
      '2026-11-23T04:00:00.000Z',
      '2026-11-24T04:00:00.000Z',
      '2026-11-25T04:00:00.000Z',
    ]);
    expect(
      chartData(days, [
        { label: 'Revenue', values: [0, 26800, 3000], color: '#000' },
        { label: 'Refunds', values: [0, 1800, 0], color: '#f00' },
      ]),
    ).toEqual([times, [0, 26800, 3000], [0, 1800, 0]]);
  });
});
