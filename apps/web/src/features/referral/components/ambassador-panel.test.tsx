import type { TAmbassadorInfo } from '@llk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/referral.json';
import type { TReferralTexts } from '../texts';

const calls = vi.hoisted(() => ({ loadAmbassador: vi.fn(), joinAmbassador: vi.fn() }));
vi.mock('../referral-api', () => calls);
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));
vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }) }));

import { AmbassadorPanel } from './ambassador-panel';

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
  totals: { pendingFen: 0, effectiveFen: 0, reversedFen: 0 },
  commissionCount: 0,
  commissions: [],
};
const joined: TAmbassadorInfo = { ...base, joined: true, referralCode: 'AB12CD34', referralLink: 'http://localhost:3000/?ref=AB12CD34', joinedAt: '2026-03-01T00:00:00.000Z' };

const setHint = (on: boolean) => {
  document.cookie = on ? 'llk_session_hint=1; Path=/' : 'llk_session_hint=; Max-Age=0; Path=/';
};
const visitor = <p>Log in first</p>;

beforeEach(() => {
  calls.loadAmbassador.mockReset();
  calls.joinAmbassador.mockReset();
  toasts.success.mockReset();
});
afterEach(() => {
  cleanup();
  setHint(false);
});

describe('AmbassadorPanel', () => {
  it('asks a visitor to log in and calls nothing', () => {
    setHint(false);
    render(<AmbassadorPanel texts={texts} visitor={visitor} />);
    expect(screen.getByText('Log in first')).toBeTruthy();
    expect(calls.loadAmbassador).not.toHaveBeenCalled();
  });

  it('lets a member join, then shows the link and code', async () => {
    setHint(true);
    calls.loadAmbassador.mockResolvedValueOnce({ kind: 'ready', info: base }).mockResolvedValueOnce({ kind: 'ready', info: joined });
    calls.joinAmbassador.mockResolvedValueOnce({ activityType: 'LZ', referralCode: 'AB12CD34', referralLink: joined.referralLink, joinedAt: joined.joinedAt, created: true });
    render(<AmbassadorPanel texts={texts} visitor={visitor} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your ambassador details…');
    fireEvent.click(await screen.findByRole('button', { name: 'Join now' }));
    expect(await screen.findByLabelText('Your referral code')).toHaveProperty('value', 'AB12CD34');
    expect(calls.joinAmbassador).toHaveBeenCalledTimes(1);
    expect(toasts.success).toHaveBeenCalledWith('Welcome aboard! Your referral link is ready.');
    expect(screen.queryByText('Log in first')).toBeNull();
  });

  it('falls back to the visitor’s view when the session has died', async () => {
    setHint(true);
    calls.loadAmbassador.mockResolvedValueOnce({ kind: 'loggedOut' });
    render(<AmbassadorPanel texts={texts} visitor={visitor} />);
    expect(await screen.findByText('Log in first')).toBeTruthy();
    expect(document.cookie).not.toContain('llk_session_hint=1');
  });

  it('offers to try again when loading fails', async () => {
    setHint(true);
    calls.loadAmbassador.mockResolvedValueOnce({ kind: 'failed' }).mockResolvedValueOnce({ kind: 'ready', info: joined });
    render(<AmbassadorPanel texts={texts} visitor={visitor} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your ambassador details could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Your referral link')).toHaveProperty('value', joined.referralLink);
  });
});
