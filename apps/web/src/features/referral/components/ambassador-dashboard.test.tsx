import type { TAmbassadorInfo } from '@llk/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/referral.json';
import type { TReferralTexts } from '../texts';

import { captureToasts, fakeApi } from '../../../../test/support/fake-api';
import AmbassadorDashboard from './ambassador-dashboard';

const texts = en.Referral as unknown as TReferralTexts;
const link = 'https://www.llk.example/?ref=AB12CD34';

const info: TAmbassadorInfo = {
  activityType: 'LZ',
  joined: true,
  referralCode: 'AB12CD34',
  referralLink: link,
  joinedAt: '2026-03-01T00:00:00.000Z',
  rules: { commissionPercent: 20, bindingDays: 60, settlementDays: 7, bonusProDays: 3, bonusMonitors: 10 },
  referredCount: 2,
  referredUsers: [
    { account: '139****0001', boundAt: '2026-03-02T02:00:00.000Z', expiresAt: '2026-05-01T02:00:00.000Z', remainingDays: 1, active: true },
    {
      account: 'a***@example.com',
      boundAt: '2026-01-01T02:00:00.000Z',
      expiresAt: '2026-03-02T02:00:00.000Z',
      remainingDays: 0,
      active: false,
    },
  ],
  totals: { pendingFen: 599, effectiveFen: 1500, paidOutFen: 2000, reversedFen: 1000 },
  payout: { thresholdFen: 10000, payeeAccount: '138****8000', payeeName: '张三' },
  commissionCount: 4,
  commissions: [
    {
      id: 'c4',
      account: '139****0001',
      orderId: 'o1',
      itemType: 'CLAWBACK',
      baseAmountFen: 2500,
      amountFen: -500,
      state: 'CLAWBACK',
      paidAt: '2026-03-20T02:00:00.000Z',
      effectiveAfter: '2026-03-20T02:00:00.000Z',
      reversedAt: null,
      paidOutAt: null,
    },
    {
      id: 'c3',
      account: '139****0001',
      orderId: 'o3',
      itemType: 'MONITOR',
      baseAmountFen: 5000,
      amountFen: 1000,
      state: 'REVERSED',
      paidAt: '2026-03-03T02:00:00.000Z',
      effectiveAfter: '2026-03-10T02:00:00.000Z',
      reversedAt: '2026-03-04T02:00:00.000Z',
      paidOutAt: null,
    },
    {
      id: 'c2',
      account: '139****0001',
      orderId: 'o2',
      itemType: 'MEMBER',
      baseAmountFen: 2999,
      amountFen: 599,
      state: 'PENDING',
      paidAt: '2026-03-03T02:00:00.000Z',
      effectiveAfter: '2026-03-10T02:00:00.000Z',
      reversedAt: null,
      paidOutAt: null,
    },
    {
      id: 'c1',
      account: '139****0001',
      orderId: 'o1',
      itemType: 'MEMBER',
      baseAmountFen: 10000,
      amountFen: 2000,
      state: 'EFFECTIVE',
      paidAt: '2026-03-02T02:00:00.000Z',
      effectiveAfter: '2026-03-09T02:00:00.000Z',
      reversedAt: null,
      paidOutAt: '2026-03-15T02:00:00.000Z',
    },
  ],
};

let toasts: ReturnType<typeof captureToasts>;
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AmbassadorDashboard', () => {
  it('shows the link and the code, and a QR code of the link', () => {
    render(<AmbassadorDashboard info={info} texts={texts} locale="en" />);
    expect(screen.getByLabelText('Your referral link')).toHaveProperty('value', link);
    expect(screen.getByLabelText('Your referral code')).toHaveProperty('value', 'AB12CD34');
    const qr = screen.getByRole('img', { name: 'QR code of your referral link' });
    expect(qr.getAttribute('data-qr-value')).toBe(link);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it('copies the link and the code and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<AmbassadorDashboard info={info} texts={texts} locale="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(2));
    expect(writeText.mock.calls).toEqual([[link], ['AB12CD34']]);
    expect(toasts.success).toHaveBeenCalledWith('Copied');
  });

  it('shows the totals per state, the referred users with their remaining days, and the lines', () => {
    render(<AmbassadorDashboard info={info} texts={texts} locale="en" />);
    expect(screen.getByTestId('total-PENDING').textContent).toBe('PendingCN¥5.99');
    expect(screen.getByTestId('total-EFFECTIVE').textContent).toBe('EffectiveCN¥15');
    expect(screen.getByTestId('total-PAID_OUT').textContent).toBe('Paid outCN¥20');
    expect(screen.getByTestId('total-REVERSED').textContent).toBe('ReversedCN¥10');
    expect(screen.getByText(/^A refund after the 7-day window takes back its share of the commission/)).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'People you referred (2)' })).toBeTruthy();
    const users = within(screen.getByTestId('referred-users')).getAllByRole('listitem');
    expect(users.map((item) => item.textContent)).toEqual([
      '139****0001Signed up Mar 2, 20261 day left',
      'a***@example.comSigned up Jan 1, 2026Link ended',
    ]);

    expect(screen.getByRole('heading', { name: 'Commission details (4)' })).toBeTruthy();
    const rows = within(screen.getByTestId('commission-lines')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'))
          .slice(1, 5)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Refund', 'CN¥25', '-CN¥5', 'Taken back'],
      ['Screen walls', 'CN¥50', 'CN¥10', 'Reversed'],
      ['Membership', 'CN¥29.99', 'CN¥5.99', 'Pendingeffective from Mar 10, 2026'],
      ['Membership', 'CN¥100', 'CN¥20', 'Effectivepaid out Mar 15, 2026'],
    ]);
  });

  it('explains payouts with the threshold, shows where they go, and changes the account with the password', async () => {
    const api = fakeApi();
    api.reply('POST /activity/participant/payee', { data: { payeeAccount: 'p***@example.com', payeeName: 'Li Lei' } });
    render(<AmbassadorDashboard info={info} texts={texts} locale="en" />);
    const section = screen.getByTestId('ambassador-payout');
    expect(within(section).getByText(/once it reaches CN¥100, in a monthly batch transfer/)).toBeTruthy();
    expect(screen.getByTestId('payee-current').textContent).toBe('Payouts go to 138****8000 (张三).');
    fireEvent.click(within(section).getByRole('button', { name: 'Change' }));
    fireEvent.change(within(section).getByLabelText('Alipay account (mobile number or email)'), { target: { value: 'pay@example.com' } });
    fireEvent.change(within(section).getByLabelText('Real name on the Alipay account'), { target: { value: 'Li Lei' } });
    fireEvent.change(within(section).getByLabelText('Your password, to confirm'), { target: { value: 'Secret#123' } });
    fireEvent.submit(within(section).getByLabelText('Your password, to confirm').closest('form')!);
    await vi.waitFor(() => expect(screen.getByTestId('payee-current').textContent).toBe('Payouts go to p***@example.com (Li Lei).'));
    expect(api.callsTo('POST /activity/participant/payee').map((call) => call.body)).toEqual([
      { account: 'pay@example.com', name: 'Li Lei', password: 'Secret#123' },
    ]);
    expect(api.toasts.success).toHaveBeenCalledWith('Payout account saved.');
    vi.unstubAllGlobals();
  });

  it('says so when there is nobody and nothing yet', () => {
    render(
      <AmbassadorDashboard
        info={{
          ...info,
          referredCount: 0,
          referredUsers: [],
          commissionCount: 0,
          commissions: [],
          totals: { pendingFen: 0, effectiveFen: 0, paidOutFen: 0, reversedFen: 0 },
        }}
        texts={texts}
        locale="en"
      />,
    );
    expect(screen.getByText('Nobody has signed up through your link yet.')).toBeTruthy();
    expect(screen.getByText(/^No commission yet/)).toBeTruthy();
    expect(screen.queryByTestId('commission-lines')).toBeNull();
  });
});
