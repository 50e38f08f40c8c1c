'use client';

import type { TAdminJob, TAdminJobList, TAdminJobRun, TAdminJobRunAnswer, TAdminJobRuns } from '@llk/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminApi } from '@/features/admin/shell/admin-api';
import { ReasonDialog } from '@/features/admin/shell/components/reason-dialog';
import { useStaffZone } from '@/features/admin/shell/use-staff-zone';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';

// /admin/jobs (jobs.manage): each scheduled job with what it does, how often, its last run and
// last failure, its kept runs on demand, and "run now" with a reason (every job is safe to
// repeat; the runner never starts one beside a run of the same job).

const OUTCOME_CLASS: Record<TAdminJobRun['outcome'], string> = {
  SUCCEEDED: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  FAILED: 'bg-red-50 text-red-800 border-red-200',
  RUNNING: 'bg-amber-50 text-amber-900 border-amber-200',
};

function Outcome({ run }: { run: TAdminJobRun }) {
  const t = useTranslations('AdminJobs');
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${OUTCOME_CLASS[run.outcome]}`}>
      {t(`outcomes.${run.outcome}`)}
    </span>
  );
}

function RunLine({ run }: { run: TAdminJobRun }) {
  const zone = useStaffZone();
  const t = useTranslations('AdminJobs');
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Outcome run={run} />
        <span className="text-ink">{formatDateTime(run.startedAt, locale, zone)}</span>
        {run.durationMs !== null ? <span className="text-ink-muted">{t('took', { ms: run.durationMs })}</span> : null}
      </div>
      {run.error ? <p className="break-words text-red-800">{run.error}</p> : null}
      {run.result ? <p className="break-all font-mono text-xs text-ink-muted">{run.result}</p> : null}
    </div>
  );
}

function every(t: ReturnType<typeof useTranslations<'AdminJobs'>>, ms: number): string {
  // "Every hour", not "Every 1 hour"
  if (ms === 3_600_000) return t('everyHour');
  if (ms === 60_000) return t('everyMinute');
  if (ms === 1000) return t('everySecond');
  if (ms % 3_600_000 === 0) return t('everyHours', { hours: ms / 3_600_000 });
  if (ms % 60_000 === 0) return t('everyMinutes', { minutes: ms / 60_000 });
  return t('everySeconds', { seconds: Math.round(ms / 1000) });
}

function JobCard({ job, onRun }: { job: TAdminJob; onRun: (job: TAdminJob) => void }) {
  const t = useTranslations('AdminJobs');
  const [runs, setRuns] = useState<TAdminJobRun[] | null>(null);
  const described = t.has(`jobs.${job.name}`);
  async function toggleRuns() {
    if (runs) return setRuns(null);
    try {
      setRuns((await adminApi.get<TAdminJobRuns>(`/jobs/${job.name}/runs`)).items);
    } catch {
      // toasted
    }
  }
  return (
    <li
      className={`rounded-card border p-4 sm:p-5 ${job.stuck ? 'border-red-300 bg-red-50' : 'border-line bg-canvas'}`}
      data-testid={`job-${job.name}`}
      data-stuck={job.stuck ?? undefined}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="font-mono text-base font-semibold text-ink">{job.name}</h2>
          {job.stuck ? (
            <p className="mt-1 text-sm font-semibold text-red-800" role="status">
              {t(`stuck.${job.stuck}`, { seconds: job.expireSeconds })}
            </p>
          ) : null}
          {described ? <p className="mt-1 text-sm text-ink-soft">{t(`jobs.${job.name}`)}</p> : null}
          {/* each fact whole on its line: a narrow card wraps between them, never inside one */}
          <p className="mt-1 text-sm text-ink-muted">
            <span className="whitespace-nowrap">{every(t, job.everyMs)}</span> ·{' '}
            <span className="whitespace-nowrap">{t('expiry', { seconds: job.expireSeconds })}</span> ·{' '}
            <span className="whitespace-nowrap">{t('recent', { runs: job.recentRuns, failures: job.recentFailures })}</span>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={() => void toggleRuns()} aria-expanded={runs !== null}>
            {runs ? t('hideRuns') : t('showRuns')}
          </Button>
          <Button size="sm" onClick={() => onRun(job)}>
            {t('runNow')}
          </Button>
        </div>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium text-ink-muted">{t('lastRun')}</dt>
          <dd className="mt-1">
            {job.lastRun ? <RunLine run={job.lastRun} /> : <span className="text-sm text-ink-muted">{t('never')}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-ink-muted">{t('lastFailure')}</dt>
          <dd className="mt-1">
            {job.lastFailure ? <RunLine run={job.lastFailure} /> : <span className="text-sm text-ink-muted">{t('noFailure')}</span>}
          </dd>
        </div>
      </dl>
      {runs ? (
        <ol className="mt-4 flex flex-col gap-3 border-t border-line pt-4" aria-label={t('runsOf', { job: job.name })}>
          {runs.length === 0 ? <li className="text-sm text-ink-muted">{t('never')}</li> : null}
          {runs.map((run) => (
            <li key={run.id}>
              <RunLine run={run} />
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

export function JobsScreen({ initial }: { initial: TAdminJobList }) {
  const t = useTranslations('AdminJobs');
  const [jobs, setJobs] = useState(initial.items);
  const [pending, setPending] = useState<TAdminJob | null>(null);
  const action = useAction();
  const { busy } = action;

  async function run(reason: string) {
    if (!pending) return;
    // toasted
    await action.run(async () => {
      const answer = await adminApi.post<TAdminJobRunAnswer>(`/jobs/${pending.name}/run`, { body: { reason } });
      setJobs((list) => list.map((job) => (job.name === answer.job.name ? answer.job : job)));
      setPending(null);
      if (answer.runner === 'pg-boss') toast.success(t('queued'));
      else if (answer.job.lastRun?.outcome === 'FAILED') toast.error(t('ranFailed'));
      else toast.success(t('ran'));
    });
  }

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{t('intro', { runner: t(`runners.${initial.runner}`) })}</p>
      <ul className="mt-6 flex flex-col gap-4">
        {jobs.map((job) => (
          <JobCard key={job.name} job={job} onRun={setPending} />
        ))}
      </ul>
      <ReasonDialog
        open={pending !== null}
        title={pending ? t('confirmRun', { job: pending.name }) : ''}
        reasonLabel={t('reason')}
        cancelLabel={t('cancel')}
        confirmLabel={busy ? t('running') : t('runNow')}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => void run(reason)}
      />
    </section>
  );
}
