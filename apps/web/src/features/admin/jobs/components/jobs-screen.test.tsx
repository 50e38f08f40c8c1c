import type { TAdminJob } from '@llk/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../../messages-admin/en/jobs.json';
import zh from '../../../../../messages-admin/zh-CN/jobs.json';
import { JobsScreen } from './jobs-screen';

const run = {
  id: 'r1',
  instance: 'api-1:42',
  attempt: 1,
  startedAt: '2026-12-01T02:00:00.000Z',
  finishedAt: '2026-12-01T02:00:00.004Z',
  durationMs: 4,
  outcome: 'SUCCEEDED' as const,
  error: null,
  result: null,
};
const sweep: TAdminJob = {
  name: 'orders-sweep',
  everyMs: 60_000,
  expireSeconds: 60,
  stuck: null,
  lastRun: run,
  lastFailure: null,
  recentFailures: 0,
  recentRuns: 1,
};
const stuck: TAdminJob = {
  name: 'sessions-purge',
  everyMs: 2 * 3_600_000,
  expireSeconds: 120,
  stuck: 'RUNNING_PAST_EXPIRY',
  lastRun: { ...run, outcome: 'RUNNING', finishedAt: null, durationMs: null },
  lastFailure: null,
  recentFailures: 1,
  recentRuns: 3,
};

afterEach(cleanup);

const screenOf = (messages: object, locale: string) =>
  render(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Asia/Shanghai">
      <JobsScreen initial={{ runner: 'in-process', items: [sweep, stuck] }} />
    </NextIntlClientProvider>,
  );

describe('JobsScreen', () => {
  it('says how often each job runs, its expiry and its recent runs as English has it ("Every minute", "1 recent run")', () => {
    screenOf(en, 'en');
    expect(screen.getByTestId('job-orders-sweep').textContent).toContain('Every minute · Expiry 60 s · 1 recent run, 0 failed');
    expect(screen.getByTestId('job-sessions-purge').textContent).toContain('Every 2 hours · Expiry 120 s · 3 recent runs, 1 failed');
    expect(screen.getByTestId('job-sessions-purge').getAttribute('data-stuck')).toBe('RUNNING_PAST_EXPIRY');
    expect(screen.getByRole('status').textContent).toBe('Stuck: the current run has gone past its 120 s expiry');
  });

  it('says it in Chinese, the runner named in Chinese too', () => {
    screenOf(zh, 'zh-CN');
    expect(screen.getByText(/执行器：进程内/)).toBeTruthy();
    expect(screen.getByTestId('job-orders-sweep').textContent).toContain('每分钟 · 时限 60 秒 · 最近 1 次运行，失败 0 次');
    expect(screen.getByTestId('job-sessions-purge').textContent).toContain('每 2 小时');
  });
});
