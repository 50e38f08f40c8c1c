'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LabeledInput } from '@/features/admin/shell/components/inputs';
import { adminApi } from '@/features/admin/shell/admin-api';
import { toast } from '@/lib/toast';
import { useAction } from '@/lib/use-action';

// The actions on a customer's account, each with its required reason (ADR 0019). The API
// refuses a blank reason too; errors toast in the page's language (adminApi).

type TAction = 'grant-membership' | 'grant-walls' | 'lock' | 'unlock' | 'end-sessions' | 'reset-two-step';

const LABEL: Record<TAction, string> = {
  'grant-membership': 'grantDays',
  'grant-walls': 'grantWalls',
  lock: 'lock',
  unlock: 'unlock',
  'end-sessions': 'endSessions',
  'reset-two-step': 'resetTwoStep',
};

function ActionForm({ userId, action, danger }: { userId: string; action: TAction; danger?: boolean }) {
  const t = useTranslations('AdminUsers');
  const router = useRouter();
  const { busy, run } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body: Record<string, unknown> = { reason: String(data.get('reason') ?? '') };
    if (action === 'grant-membership') body.days = Number(data.get('days'));
    if (action === 'grant-walls') body.walls = Number(data.get('walls'));
    if (action === 'reset-two-step') body.identityCheck = String(data.get('identityCheck') ?? '');
    // the client toasted the API's message
    await run(async () => {
      await adminApi.post(`/users/${encodeURIComponent(userId)}/${action}`, { body, retry: false });
      toast.success(t('done'));
      form.reset();
      router.refresh();
    });
  }
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="rounded-control border border-line bg-canvas p-4"
      data-testid={`admin-user-${action}`}
    >
      <h3 className="mb-3 font-medium text-ink">{t(LABEL[action])}</h3>
      <div className="grid gap-3">
        {action === 'grant-membership' ? <LabeledInput name="days" type="number" min={1} max={3660} required label={t('days')} /> : null}
        {action === 'grant-walls' ? <LabeledInput name="walls" type="number" min={1} max={100} required label={t('wallsCount')} /> : null}
        {action === 'reset-two-step' ? <LabeledInput name="identityCheck" required maxLength={500} label={t('identityCheck')} /> : null}
        <LabeledInput name="reason" required maxLength={500} label={t('reason')} />
        <div>
          <Button type="submit" size="sm" variant={danger ? 'danger' : 'primary'} disabled={busy} aria-busy={busy || undefined}>
            {t('submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}

export function UserActions({ userId, locked, twoStep }: { userId: string; locked: boolean; twoStep: boolean }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ActionForm userId={userId} action="grant-membership" />
      <ActionForm userId={userId} action="grant-walls" />
      <ActionForm userId={userId} action={locked ? 'unlock' : 'lock'} danger={!locked} />
      <ActionForm userId={userId} action="end-sessions" danger />
      {twoStep ? <ActionForm userId={userId} action="reset-two-step" danger /> : null}
    </div>
  );
}

/** Ends one session (with a reason asked for in the browser's prompt-free inline form). */
export function EndSessionButton({ userId, sessionId }: { userId: string; sessionId: string }) {
  const t = useTranslations('AdminUsers');
  const router = useRouter();
  const [reason, setReason] = useState('');
  const { busy, run } = useAction();
  async function end(event: FormEvent) {
    event.preventDefault();
    // toasted
    await run(async () => {
      await adminApi.post(`/users/${encodeURIComponent(userId)}/sessions/${encodeURIComponent(sessionId)}/end`, {
        body: { reason },
        retry: false,
      });
      toast.success(t('done'));
      router.refresh();
    });
  }
  return (
    <form onSubmit={(event) => void end(event)} className="flex items-center gap-2">
      <input
        aria-label={t('reason')}
        placeholder={t('reason')}
        required
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className="h-9 w-40 min-w-0 rounded-control border border-line bg-canvas px-2 text-sm"
      />
      <Button type="submit" size="field" variant="secondary" disabled={busy}>
        {t('endSession')}
      </Button>
    </form>
  );
}
