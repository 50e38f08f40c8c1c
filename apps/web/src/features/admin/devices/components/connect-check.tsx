'use client';

import type { TAdminConnectCheck } from '@llk/contracts';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminApi } from '@/features/admin/shell/admin-api';
import { LabeledInput } from '@/features/admin/shell/components/inputs';
import { Facts } from '@/features/admin/shell/components/list-parts';
import { useAction } from '@/lib/use-action';

// The connect check of a device's page: two devices (an id or an app device id each) → the
// broker's decision, read without starting a session, and the reason in words.

type T = ReturnType<typeof useTranslations<'AdminDevices'>>;

const ownerName = (owner: TAdminConnectCheck['from']['owner']) => owner.username ?? owner.id;

/** The decision in one sentence: the first rule that refuses, or that none does. */
function reasonText(t: T, check: TAdminConnectCheck): string {
  const names = { from: check.from.name, to: check.to.name, owner: ownerName(check.from.owner) };
  switch (check.reason) {
    case null:
      return t('connect.allowedText', names);
    case 'POLICY':
      return check.from.mayControl
        ? t('connect.reasons.POLICY_TO', { ...names, policy: t(`policies.${check.to.policy}`) })
        : t('connect.reasons.POLICY_FROM', { ...names, policy: t(`policies.${check.from.policy}`) });
    case 'CROSS_BORDER':
      return t('connect.reasons.CROSS_BORDER', {
        fromCountry: check.from.country ?? t('unknown'),
        toCountry: check.to.country ?? t('unknown'),
      });
    default:
      return t(`connect.reasons.${check.reason}`, names);
  }
}

function CheckResult({ check }: { check: TAdminConnectCheck }) {
  const t = useTranslations('AdminDevices');
  const owner = ownerName(check.from.owner);
  const access = check.owned
    ? t('connect.accessOwn', { owner })
    : check.permission
      ? t('connect.accessShared', { owner, permission: t(`permissions.${check.permission}`) })
      : t('connect.accessNone', { owner });
  const channel = check.channel
    ? t('connect.channelOn')
    : check.channelRequired
      ? t('connect.channelMissing')
      : t('connect.channelNotNeeded');
  return (
    <div className="mt-4 rounded-card border border-line bg-canvas p-4" data-testid="connect-result" aria-live="polite">
      <p data-testid="connect-decision" className={`text-lg font-semibold ${check.allowed ? 'text-green-700' : 'text-red-700'}`}>
        {check.allowed ? t('connect.allowed') : t('connect.refused')}
      </p>
      <p className="mt-1 text-ink" data-testid="connect-reason">
        {reasonText(t, check)}
      </p>
      <div className="mt-3">
        <Facts
          rows={[
            [t('connect.factPolicies'), `${t(`policies.${check.from.policy}`)} → ${t(`policies.${check.to.policy}`)}`],
            [t('connect.factAccess'), access],
            [t('connect.factBorder'), `${check.from.country ?? t('unknown')} → ${check.to.country ?? t('unknown')} · ${channel}`],
            [
              t('connect.factSessions'),
              check.sessionLimit === null ? t('connect.sessionUnlimited') : t('connect.sessionLimit', { limit: check.sessionLimit }),
            ],
          ]}
        />
      </div>
    </div>
  );
}

export function ConnectCheck({ from }: { from: string }) {
  const t = useTranslations('AdminDevices');
  const [check, setCheck] = useState<TAdminConnectCheck | null>(null);
  const { busy, run, error } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await run(
      async () => {
        setCheck(
          await adminApi.get<TAdminConnectCheck>('/devices/connect-check', {
            query: { from: String(form.get('from') ?? '').trim(), to: String(form.get('to') ?? '').trim() },
            silent: true,
          }),
        );
      },
      { inline: (caught) => (caught as Error).message, onError: () => setCheck(null) },
    );
  }
  return (
    <div data-testid="connect-check">
      <p className="text-sm text-ink-muted">{t('connect.lede')}</p>
      <form onSubmit={(event) => void submit(event)} className="mt-3 flex flex-wrap items-end gap-3">
        <LabeledInput name="from" label={t('connect.from')} defaultValue={from} className="w-full max-w-xs" maxLength={128} required />
        <LabeledInput name="to" label={t('connect.to')} className="w-full max-w-xs" maxLength={128} required />
        <Button type="submit" size="field" disabled={busy}>
          {t('connect.submit')}
        </Button>
      </form>
      {error ? (
        <p className="mt-3 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      {check ? <CheckResult check={check} /> : null}
    </div>
  );
}
