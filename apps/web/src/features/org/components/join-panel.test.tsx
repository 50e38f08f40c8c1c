import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@llk/contracts/errors';
import en from '../../../../messages/en/org.json';
import ja from '../../../../messages/ja/org.json';
import zhCN from '../../../../messages/zh-CN/org.json';
import { fakeApi, type FakeApi } from '../../../../test/support/fake-api';
import type { TOrgTexts } from '../texts';

vi.mock('next/navigation', () => ({
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/en/org/join',
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
}));

import { JoinPanel, type TJoinPanelProps } from './join-panel';

const texts: TOrgTexts = { page: en.Org, network: 'Network error' };
const preview = {
  orgName: 'Acme Ltd',
  logoUrl: null,
  role: { id: 'ADMIN', code: 'ADMIN', name: 'Admin' },
  channel: 'EMAIL' as const,
  expiresAt: '2026-12-11T04:00:00.000Z',
  invitedBy: 'Zhang Wei',
  department: 'Sales',
  target: 'a***@example.com',
};
const back = '/en/org/join?token=tok-1';
const props: TJoinPanelProps = {
  locale: 'en',
  tag: 'en',
  texts,
  token: 'tok-1',
  preview,
  account: null,
  loginHref: `/login?${new URLSearchParams({ redirectUrl: back }).toString()}`,
  signupHref: `/signup?${new URLSearchParams({ redirectUrl: back }).toString()}`,
  serverZone: 'UTC',
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('JoinPanel', () => {
  it('shows the invitation and, signed out, log-in and sign-up links that come back to the link', () => {
    render(<JoinPanel {...props} />);
    expect(screen.getByTestId('join-org').textContent).toBe('Acme Ltd');
    expect(screen.getByTestId('join-role').textContent).toBe('Administrator');
    expect(screen.getByTestId('join-invited-by').textContent).toBe('Invited by Zhang Wei');
    expect(screen.getByTestId('join-department').textContent).toBe('Sales');
    expect(screen.getByText('An email address')).toBeTruthy();
    expect(screen.getByTestId('join-preview').querySelector('time')!.getAttribute('dateTime')).toBe('2026-12-11T04:00:00.000Z');
    const login = screen.getByRole('link', { name: 'Sign in to join' });
    expect(login.getAttribute('href')).toBe('/en/login?redirectUrl=%2Fen%2Forg%2Fjoin%3Ftoken%3Dtok-1');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/en/signup?redirectUrl=%2Fen%2Forg%2Fjoin%3Ftoken%3Dtok-1',
    );
    expect(screen.queryByRole('button', { name: 'Join Acme Ltd' })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('without a department or an inviter still there, neither is shown', () => {
    render(<JoinPanel {...props} preview={{ ...preview, invitedBy: null, department: null }} />);
    expect(screen.queryByTestId('join-invited-by')).toBeNull();
    expect(screen.queryByTestId('join-department')).toBeNull();
    expect(screen.queryByText('Department')).toBeNull();
    expect(screen.getByTestId('join-org').textContent).toBe('Acme Ltd');
  });

  it('in Japanese: who invited, the department and, for another account, the masked address the invitation was sent to', async () => {
    api.reply('POST /org/invitation/accept', {
      data: null,
      errcode: ErrorCode.ORG_INVITATION_NOT_YOURS,
      errmsg: '別のアカウント宛てです。',
      status: 403,
    });
    render(
      <JoinPanel
        {...props}
        locale="ja"
        tag="ja"
        texts={{ page: ja.Org, network: 'ネットワークエラー' }}
        preview={{ ...preview, target: '+34 612 *** 678' }}
        account="u***@example.com"
      />,
    );
    expect(screen.getByTestId('join-invited-by').textContent).toBe('招待者：Zhang Wei');
    expect(screen.getByText('部署')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Acme Ltdに参加' }));
    await screen.findByTestId('join-not-yours');
    expect(screen.getByTestId('join-invited-for').textContent).toBe('この招待は +34 612 *** 678 宛てに送信されました。');
  });

  it('signed in: names the account, joins with one POST of the token, then links to /org', async () => {
    api.reply('POST /org/invitation/accept', { data: { orgId: 'org-1' } });
    render(<JoinPanel {...props} account="a***@example.com" />);
    expect(screen.getByTestId('join-account').textContent).toBe('You are signed in as a***@example.com.');
    fireEvent.click(screen.getByRole('button', { name: 'Join Acme Ltd' }));
    await screen.findByTestId('join-done');
    expect(api.callsTo('POST /org/invitation/accept').map((call) => call.body)).toEqual([{ token: 'tok-1' }]);
    expect(screen.getByRole('heading', { name: 'You have joined Acme Ltd' })).toBeTruthy();
    expect(screen.getByText('You are now a member with the role of Administrator.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my organisations' }).getAttribute('href')).toBe('/en/org');
    expect(api.toasts.error).not.toHaveBeenCalled();
  });

  it('a second click while the accept runs sends nothing more', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.reply('POST /org/invitation/accept', { data: { orgId: 'org-1' } });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held;
      return realFetch(...args);
    });
    render(<JoinPanel {...props} account="a***@example.com" />);
    const button = screen.getByRole('button', { name: 'Join Acme Ltd' });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Joining…' }).getAttribute('aria-disabled')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Joining…' }));
    release();
    await screen.findByTestId('join-done');
    expect(api.callsTo('POST /org/invitation/accept')).toHaveLength(1);
  });

  it('another account’s invitation: the API’s words, which account is signed in, and a switch that signs out to the log-in page', async () => {
    const message = 'This invitation was sent to another email address or phone number.';
    api.reply('POST /org/invitation/accept', { data: null, errcode: ErrorCode.ORG_INVITATION_NOT_YOURS, errmsg: message, status: 403 });
    api.reply('POST /logout', { data: null });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/en/org/join', search: '?token=tok-1' });
    render(<JoinPanel {...props} account="138****8000" />);
    fireEvent.click(screen.getByRole('button', { name: 'Join Acme Ltd' }));
    const box = await screen.findByTestId('join-not-yours');
    expect(box.textContent).toContain(message);
    expect(screen.getByTestId('join-invited-for').textContent).toBe('This invitation was sent to a***@example.com.');
    expect(box.textContent).toContain('You are signed in as 138****8000.');
    expect(api.toasts.error).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with another account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en/login?redirectUrl=%2Fen%2Forg%2Fjoin%3Ftoken%3Dtok-1'));
    expect(api.callsTo('POST /logout')).toHaveLength(1);
  });

  it('already a member: says so with the link to /org', async () => {
    api.reply('POST /org/invitation/accept', {
      data: null,
      errcode: ErrorCode.ORG_ALREADY_MEMBER,
      errmsg: 'Already a member.',
      status: 409,
    });
    render(<JoinPanel {...props} account="a***@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: 'Join Acme Ltd' }));
    const done = await screen.findByTestId('join-done');
    expect(done.getAttribute('data-kind')).toBe('member');
    expect(done.textContent).toContain('You already belong to Acme Ltd');
    expect(done.textContent).toContain('Already a member.');
  });

  it('a link that expired meanwhile: the API’s message instead of the button', async () => {
    api.reply('POST /org/invitation/accept', {
      data: null,
      errcode: ErrorCode.ORG_INVITATION_INVALID,
      errmsg: '邀请链接无效。',
      status: 404,
    });
    render(<JoinPanel {...props} locale="zh-CN" tag="zh-CN" texts={{ page: zhCN.Org, network: '网络错误' }} account="a***@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: '加入Acme Ltd' }));
    expect((await screen.findByTestId('join-error')).textContent).toBe('邀请链接无效。');
    expect(screen.queryByRole('button', { name: '加入Acme Ltd' })).toBeNull();
  });

  it('any other refusal keeps the button, the API’s text beside it', async () => {
    api.reply('POST /org/invitation/accept', { data: null, errcode: 50000, errmsg: 'Server busy, try again.', status: 500 });
    render(<JoinPanel {...props} account="a***@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: 'Join Acme Ltd' }));
    expect((await screen.findByTestId('join-error')).textContent).toBe('Server busy, try again.');
    expect(screen.getByRole('button', { name: 'Join Acme Ltd' })).toBeTruthy();
  });
});
