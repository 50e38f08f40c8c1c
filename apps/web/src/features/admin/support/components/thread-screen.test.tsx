import type { TAdminSupportThread } from '@llk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../../messages-admin/en/support.json';
import zh from '../../../../../messages-admin/zh-CN/support.json';
import { fakeApi, type FakeApi } from '../../../../../test/support/fake-api';
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }) }));

import { ThreadScreen } from './thread-screen';

const thread: TAdminSupportThread = {
  id: '01JTHREAD',
  reference: 'S-01JTHREAD0',
  topic: 'REFUND',
  state: 'NEW',
  email: 'lilei@example.com',
  userId: '01JUSER',
  orderId: '01JORDER',
  locale: 'ja',
  preview: 'Please refund my order.',
  assignee: null,
  replies: 0,
  createdAt: '2026-11-25T02:00:00.000Z',
  updatedAt: '2026-11-25T02:00:00.000Z',
  message: 'Please refund my order.\nI bought the wrong plan.',
  invoiceRequestId: null,
  stateNote: null,
  replyList: [],
  assignable: [
    { id: 'me1', username: 'wang.fang' },
    { id: 'st2', username: 'zhao.lei' },
  ],
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const screenOf = (locale: 'en' | 'zh-CN' = 'en') =>
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : zh} timeZone="Asia/Shanghai">
      <ThreadScreen thread={thread} me="me1" />
    </NextIntlClientProvider>,
  );

describe('ThreadScreen', () => {
  it('shows the message with its account and order, and sends an answer with one id per answer', async () => {
    const answered = {
      ...thread,
      state: 'CLOSED' as const,
      replies: 1,
      replyList: [
        {
          id: 'r1',
          staff: { id: 'me1', username: 'wang.fang' },
          body: 'Refunded.',
          createdAt: '2026-11-25T03:00:00.000Z',
          delivered: true,
        },
      ],
    };
    api.reply('POST /admin/api/support/01JTHREAD/reply', { data: answered });
    screenOf();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Refund request');
    expect(screen.getByTestId('support-message').textContent).toBe('Please refund my order.\nI bought the wrong plan.');
    expect(screen.getByRole('link', { name: '01JORDER' }).getAttribute('href')).toBe('/admin/orders/01JORDER');
    expect(screen.getByRole('link', { name: '01JUSER' }).getAttribute('href')).toBe('/admin/users/01JUSER');
    expect(screen.getByTestId('support-facts').textContent).toContain('日本語');

    const send = screen.getByRole('button', { name: 'Send answer' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your answer (sent by email in the customer’s language)'), { target: { value: ' Refunded. ' } });
    fireEvent.click(screen.getByLabelText('Close the thread with this answer'));
    fireEvent.click(send);
    await vi.waitFor(() => expect(api.toasts.success).toHaveBeenCalledWith('Answer sent.'));
    const [first] = api
      .callsTo('POST /admin/api/support/01JTHREAD/reply')
      .map((call) => call.body as { replyId: string; body: string; close: boolean });
    expect(first).toEqual({ replyId: expect.stringMatching(/^r[0-9a-f]{32}$/) as string, body: 'Refunded.', close: true });
    expect(screen.getByTestId('support-answers').textContent).toContain('Sent');
    expect(screen.getByText('Closed')).toBeTruthy();

    // the next answer is another reply
    fireEvent.change(screen.getByLabelText('Your answer (sent by email in the customer’s language)'), {
      target: { value: 'And a follow-up.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    await vi.waitFor(() => expect(api.callsTo('POST /admin/api/support/01JTHREAD/reply')).toHaveLength(2));
    const second = api.callsTo('POST /admin/api/support/01JTHREAD/reply')[1]!.body as { replyId: string };
    expect(second.replyId).not.toBe(first!.replyId);
  });

  it('keeps the answer when it was not delivered, so it can be sent again', async () => {
    api.reply('POST /admin/api/support/01JTHREAD/reply', { data: null, errcode: 10016, errmsg: '发送失败，请稍后再试', status: 502 });
    screenOf('zh-CN');
    fireEvent.change(screen.getByLabelText('回复内容（以客户的语言通过邮件发送）'), { target: { value: '已为您退款。' } });
    fireEvent.click(screen.getByRole('button', { name: '发送回复' }));
    await vi.waitFor(() => expect(api.toasts.error).toHaveBeenCalledWith('发送失败，请稍后再试'));
    expect((screen.getByLabelText('回复内容（以客户的语言通过邮件发送）') as HTMLTextAreaElement).value).toBe('已为您退款。');
  });

  it('takes the thread for the staff member, or assigns it from the list', async () => {
    api.reply('POST /admin/api/support/01JTHREAD/assign', (call) => ({
      data: {
        ...thread,
        assignee:
          (call.body as { staffId: string | null }).staffId === 'me1'
            ? { id: 'me1', username: 'wang.fang' }
            : { id: 'st2', username: 'zhao.lei' },
      },
    }));
    screenOf();
    fireEvent.click(screen.getByRole('button', { name: 'Take it' }));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Take it' })).toBeNull());
    fireEvent.change(screen.getByLabelText('Assignee'), { target: { value: 'st2' } });
    await vi.waitFor(() => expect(api.callsTo('POST /admin/api/support/01JTHREAD/assign')).toHaveLength(2));
    expect(api.callsTo('POST /admin/api/support/01JTHREAD/assign').map((call) => call.body)).toEqual([
      { staffId: 'me1' },
      { staffId: 'st2' },
    ]);
  });
});
