import type { TAmbassadorInfo } from '@llk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/referral.json';
import type { TReferralTexts } from '../texts';

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }) }));

import { fakeApi, type FakeApi } from '../../../../test/support/fake-api';
import { AmbassadorPanel } from './ambassador-panel';
import { AmbassadorHeading, AmbassadorState, PayoutRule } from './ambassador-state';

const PROGRAMME = 'GET /activity/participant/marketingAmbassador';
const JOIN = 'POST /activity/participant/marketingAmbassador';

const texts = en.Referral as unknown as TReferralTexts;
const base: TAmbassadorInfo = {
  activityType: 'LZ',
  joined: false,
  referralCode: null,
  referralLink: null,
  joinedAt: null,
  rules: { commissionPercent: 20, bindingDays: 60, settlementDays: 7, bonusProDays: 3, bonusMonitors: 10 },
  referredCount: 0,
  referredUsers: [],
  totals: { pendingFen: 0, effectiveFen: 0, paidOutFen: 0, reversedFen: 0 },
  payout: { thresholdFen: 10000, payeeAccount: null, payeeName: null },
  commissionCount: 0,
  commissions: [],
};
const joined: TAmbassadorInfo = {
  ...base,
  joined: true,
  referralCode: 'AB12CD34',
  referralLink: 'http://localhost:3000/?ref=AB12CD34',
  joinedAt: '2026-03-01T00:00:00.000Z',
};

const setHint = (on: boolean) => {
  document.cookie = on ? 'llk_session_hint=1; Path=/' : 'llk_session_hint=; Max-Age=0; Path=/';
};
const visitor = <p>Log in first</p>;

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  setHint(false);
  vi.unstubAllGlobals();
});

describe('AmbassadorPanel', () => {
  it('asks a visitor to log in and calls nothing', () => {
    setHint(false);
    render(<AmbassadorPanel texts={texts} visitor={visitor} />);
    expect(screen.getByText('Log in first')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('lets a member join, then shows the link and code', async () => {
    setHint(true);
    api.reply(PROGRAMME, [{ data: base }, { data: joined }]);
    api.reply(JOIN, {
      data: { activityType: 'LZ', referralCode: 'AB12CD34', referralLink: joined.referralLink, joinedAt: joined.joinedAt, created: true },
    });
    render(<AmbassadorPanel texts={texts} visitor={visitor} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your ambassador details…');
    fireEvent.click(await screen.findByRole('button', { name: 'Join now' }));
    expect(await screen.findByLabelText('Your referral code')).toHaveProperty('value', 'AB12CD34');
    expect(api.callsTo(JOIN)).toHaveLength(1);
    expect(api.toasts.success).toHaveBeenCalledWith('Welcome aboard! Your referral link is ready.');
    expect(screen.queryByText('Log in first')).toBeNull();
  });

  it('falls back to the visitor’s view when the session has died', async () => {
    setHint(true);
    api.reply(PROGRAMME, { data: null, errcode: 401, errmsg: 'Please log in', status: 401 });
    render(<AmbassadorPanel texts={texts} visitor={visitor} />);
    expect(await screen.findByText('Log in first')).toBeTruthy();
    expect(document.cookie).not.toContain('llk_session_hint=1');
  });

  it('offers to try again when loading fails', async () => {
    setHint(true);
    // a 500 twice (the client asks a GET once more), then the programme
    api.reply(PROGRAMME, [
      { data: null, errcode: 500, errmsg: 'Internal error', status: 500 },
      { data: null, errcode: 500, errmsg: 'Internal error', status: 500 },
      { data: joined },
    ]);
    render(<AmbassadorPanel texts={texts} visitor={visitor} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your ambassador details could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Your referral link')).toHaveProperty('value', joined.referralLink);
  });

  it('turns the page’s heading into the member’s once joined, and names the payout threshold once loaded', async () => {
    const page = () => (
      <AmbassadorState>
        <h1>
          <AmbassadorHeading visitor="Become an ambassador" member="Your ambassador account" />
        </h1>
        <ul>
          <PayoutRule generic={texts.payoutRule ?? ''} withThreshold={texts.payoutRuleThreshold ?? ''} />
        </ul>
        <AmbassadorPanel texts={texts} visitor={visitor} />
      </AmbassadorState>
    );
    setHint(false);
    const visitorView = render(page());
    expect(screen.getByRole('heading').textContent).toBe('Become an ambassador');
    expect(screen.getByRole('listitem').textContent).toContain('once it reaches the minimum payout;');
    visitorView.unmount();

    setHint(true);
    api.reply(PROGRAMME, [{ data: base }, { data: joined }]);
    api.reply(JOIN, {
      data: { activityType: 'LZ', referralCode: 'AB12CD34', referralLink: joined.referralLink, joinedAt: joined.joinedAt, created: true },
    });
    render(page());
    // the panel publishes what it loaded once it has shown it
    expect(await screen.findByText(/ once it reaches CN¥100; /)).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe('Become an ambassador');
    fireEvent.click(screen.getByRole('button', { name: 'Join now' }));
    await screen.findByLabelText('Your referral code');
    expect((await screen.findByRole('heading', { level: 1, name: 'Your ambassador account' })).textContent).toBe('Your ambassador account');
  });
});
