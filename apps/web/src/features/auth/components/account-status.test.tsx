import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../messages/en/account.json';
import { Link } from '@/i18n/navigation';
import { hasSessionHint, session } from '@/lib/session';
import { type ComponentProps } from 'react';
import type * as VisitorZone from '@/lib/visitor-zone';
import { AccountStatus, PlanChip } from './account-status';

type TAccountStatusTexts = ComponentProps<typeof AccountStatus>['texts'];

// The header's account area: visitors keep the Login link; with the session hint the profile is
// loaded (GET /user/info + /user/currentMemberLevel through lib/api.ts over a fake fetch) and
// shown with the plan and expiry; a dead session quietly turns back into the Login link.

// the reader's zone (ADR 0031): China's here, so the dates are the same on every machine
vi.mock('@/lib/visitor-zone', async (actual) => ({ ...(await actual<typeof VisitorZone>()), browserZone: () => 'Asia/Shanghai' }));

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/pricing',
}));

const s = en.AccountStatus;
const texts: TAccountStatusTexts = {
  label: s.label,
  plans: { FREE: s.planFree, PRO: s.planPro },
  validUntil: s.validUntil,
  expiredOn: s.expiredOn,
  untilShort: s.untilShort,
  endedShort: s.endedShort,
  deletion: s.deletion,
  deletionShort: s.deletionShort,
  noExpiry: s.noExpiry,
  logout: s.logout,
};

function answer(data: unknown, status = 200, errcode = 0) {
  return new Response(JSON.stringify({ errcode, errmsg: errcode ? 'error' : 'ok', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const info = { id: 'u1', username: 'alice_01', nickname: 'Alice', mobile: null, email: null, createdAt: '2026-01-01T00:00:00.000Z' };

function serve(
  level: { plan: 'FREE' | 'PRO'; expiresAt: string | null; active: boolean } | 'expired' | 'down',
  profile: Record<string, unknown> = {},
): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      calls.push(`${String(init.method)} ${input}`);
      if (level === 'expired') return answer(null, 401, 401);
      if (level === 'down') return answer(null, 500, 50000);
      if (input === '/api/user/info') return answer({ ...info, cancellation: null, ...profile, member: level });
      if (input === '/api/user/currentMemberLevel') return answer(level);
      if (input === '/api/logout') return answer(null);
      return answer(null, 404, 404);
    }),
  );
  return calls;
}

function renderStatus() {
  return render(
    <AccountStatus texts={texts} iso="en">
      <Link href="/login">Log in</Link>
    </AccountStatus>,
  );
}

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  document.documentElement.lang = 'en';
  session.clear();
  assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/en/pricing', search: '', assign } as Location);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AccountStatus', () => {
  it('shows the Login link to a visitor without asking the API', () => {
    const calls = serve({ plan: 'FREE', expiresAt: null, active: false });
    renderStatus();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/login');
    expect(calls).toEqual([]);
  });

  it('loads the profile when the hint is set and shows the nickname, plan and expiry in China time', async () => {
    const calls = serve({ plan: 'PRO', expiresAt: '2027-01-31T16:30:00.000Z', active: true });
    session.markLoggedIn();
    renderStatus();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    const group = await vi.waitFor(() => screen.getByRole('group', { name: 'Your account' }));
    // the nickname, which the profile says is shown on this site; the line
    // shows the short words and the whole date, the sentence is its accessible text
    expect(group.textContent).toBe('AlicePro · until Feb 1, 2027Pro · Valid until Feb 1, 2027');
    const line = group.querySelector('[data-plan-line]');
    expect(line?.getAttribute('title')).toBe('Pro · Valid until Feb 1, 2027');
    expect(line?.className).toContain('whitespace-nowrap');
    expect(line?.className).not.toContain('truncate');
    // Log out is an icon with its name and a tooltip, so the bar fits in every language
    const logout = screen.getByRole('button', { name: 'Log out' });
    expect(logout.getAttribute('title')).toBe('Log out');
    expect(logout.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Alice' }).getAttribute('href')).toBe('/en/account');
    expect(calls.sort()).toEqual(['GET /api/user/currentMemberLevel', 'GET /api/user/info']);
  });

  it('says when a membership has ended, and when there never was one', async () => {
    serve({ plan: 'FREE', expiresAt: '2026-03-01T00:00:00.000Z', active: false });
    session.markLoggedIn();
    renderStatus();
    await vi.waitFor(() =>
      expect(screen.getByRole('group').textContent).toBe('AliceFree · ended Mar 1, 2026Free · Expired on Mar 1, 2026'),
    );
    cleanup();
    session.clear();
    serve({ plan: 'FREE', expiresAt: null, active: false });
    session.markLoggedIn();
    renderStatus();
    await vi.waitFor(() => expect(screen.getByRole('group').textContent).toBe('AliceFree · No expiryFree · No expiry'));
  });

  it('shows the username when the account has no nickname', async () => {
    serve({ plan: 'FREE', expiresAt: null, active: false }, { nickname: '' });
    session.markLoggedIn();
    renderStatus();
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'alice_01' }).getAttribute('href')).toBe('/en/account'));
  });

  it('shows a pending deletion with its date instead of the plan, leading to the restore', async () => {
    serve(
      { plan: 'PRO', expiresAt: '2027-01-31T16:30:00.000Z', active: true },
      { cancellation: { requestedAt: '2026-12-01T02:00:00.000Z', eraseAt: '2026-12-16T02:00:00.000Z' } },
    );
    session.markLoggedIn();
    renderStatus();
    const group = await vi.waitFor(() => screen.getByRole('group', { name: 'Your account' }));
    expect(group.textContent).toBe('Alicedeleted Dec 16, 2026Account to be deleted on Dec 16, 2026');
    expect(group.textContent).not.toContain('Pro');
    expect(screen.getByRole('link', { name: 'Account to be deleted on Dec 16, 2026' }).getAttribute('href')).toBe('/en/account/cancel');
  });

  it('forgets a dead session quietly: the hint goes, the stale cookie is logged out, the Login link returns', async () => {
    const calls = serve('expired');
    session.markLoggedIn();
    renderStatus();
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy());
    expect(hasSessionHint()).toBe(false);
    await vi.waitFor(() => expect(calls).toContain('POST /api/logout'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the Login link when the profile cannot be loaded, and keeps the hint', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve('down');
    session.markLoggedIn();
    renderStatus();
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy());
    expect(hasSessionHint()).toBe(true);
  });

  it('logs out: POST /logout, the session is cleared and the visitor goes to the log-in page', async () => {
    const calls = serve({ plan: 'PRO', expiresAt: '2027-01-31T16:30:00.000Z', active: true });
    session.markLoggedIn();
    renderStatus();
    const button = await vi.waitFor(() => screen.getByRole('button', { name: 'Log out' }));
    await act(async () => {
      fireEvent.click(button);
    });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/en/login'));
    expect(calls).toContain('POST /api/logout');
    expect(session.get().user).toBeNull();
    expect(hasSessionHint()).toBe(false);
  });
});

describe('PlanChip (the phone header bar)', () => {
  it('shows nothing to a visitor; the plan and its last day, named in full, to a member', async () => {
    serve({ plan: 'PRO', expiresAt: '2027-01-31T16:30:00.000Z', active: true });
    const { container } = render(<PlanChip texts={texts} iso="en" />);
    expect(container.innerHTML).toBe('');
    session.markLoggedIn();
    // the header's AccountStatus (in the closed menu) loads the profile; the chip follows the session
    renderStatus();
    const chip = await vi.waitFor(() => screen.getByRole('link', { name: 'Pro · Valid until Feb 1, 2027' }));
    // four-digit years in every language: never 2/1/27
    expect(chip.textContent).toBe('Pro2/1/2027');
    expect(chip.getAttribute('href')).toBe('/en/account');
    expect(chip.getAttribute('title')).toBe('Pro · Valid until Feb 1, 2027');
  });

  it('shows the plan alone when it does not end', async () => {
    serve({ plan: 'FREE', expiresAt: null, active: false });
    session.markLoggedIn();
    render(<PlanChip texts={texts} iso="ja" />);
    renderStatus();
    const chip = await vi.waitFor(() => screen.getByRole('link', { name: 'Free · No expiry' }));
    expect(chip.textContent).toBe('Free');
  });

  it('writes the year in full in every language, and shows a pending deletion instead of the plan', async () => {
    serve({ plan: 'PRO', expiresAt: '2027-12-01T16:30:00.000Z', active: true });
    session.markLoggedIn();
    const { rerender } = render(<PlanChip texts={texts} iso="es" />);
    renderStatus();
    await vi.waitFor(() => expect(document.querySelector('[data-plan-chip]')?.textContent).toBe('Pro2/12/2027'));
    for (const [iso, text] of [
      ['fr', 'Pro02/12/2027'],
      ['ja', 'Pro2027/12/2'],
      ['ko', 'Pro2027. 12. 2.'],
      ['zh-CN', 'Pro2027/12/2'],
    ] as const) {
      rerender(<PlanChip texts={texts} iso={iso} />);
      expect(document.querySelector('[data-plan-chip]')?.textContent).toBe(text);
    }
    act(() => session.setUser({ ...session.get().user!, eraseAt: '2026-12-16T02:00:00.000Z' }));
    rerender(<PlanChip texts={texts} iso="en" />);
    const chip = document.querySelector('[data-plan-chip]')!;
    expect(chip.getAttribute('aria-label')).toBe('Account to be deleted on Dec 16, 2026');
    expect(chip.textContent).toBe('deleted 12/16/2026');
    expect(chip.getAttribute('href')).toBe('/en/account/cancel');
  });
});
