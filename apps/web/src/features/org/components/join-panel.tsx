'use client';

import type { TOrgInvitationPreview } from '@llk/contracts';
import type { TLocale } from '@llk/contracts/locales';
import { useState } from 'react';
import { LocalTime } from '@/components/local-time';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { translator } from '@/lib/texts';
import { useAction } from '@/lib/use-action';
import { type TAcceptOutcome, acceptOutcome, roleLabel } from '../join-state';
import { acceptInvitation, switchAccount } from '../org-api';
import type { TOrgTexts } from '../texts';

// /org/join: who invited, the invitation's organisation, role, department, channel and expiry
// (server-rendered, so it shows without JavaScript), then what the visitor can do. Signed out: log in or sign up, both leading
// back here. Signed in: "Join {org}" → POST /org/invitation/accept; the refusals are the API's
// messages in the page's language, and one for another account names the address the invitation
// was sent to (masked by the API) and offers to switch.

export interface TJoinPanelProps {
  locale: TLocale;
  tag: string;
  texts: TOrgTexts;
  token: string;
  preview: TOrgInvitationPreview;
  /** the signed-in account as the page names it (masked), null when signed out */
  account: string | null;
  /** /login?redirectUrl=<this page> and /signup?redirectUrl=… (without the locale prefix) */
  loginHref: string;
  signupHref: string;
  serverZone?: string;
}

export function JoinPanel({ locale, tag, texts, token, preview, account, loginHref, signupHref, serverZone }: TJoinPanelProps) {
  const t = translator(texts.page, tag);
  const [outcome, setOutcome] = useState<TAcceptOutcome | null>(null);
  const { busy, run } = useAction();
  const org = preview.orgName;
  const role = roleLabel(preview.role, t);

  async function accept() {
    if (busy) return;
    await run(
      async () => {
        const answer = await acceptInvitation(token, texts.network);
        setOutcome({ kind: 'joined', orgId: answer.orgId });
      },
      { onError: (failure) => setOutcome(acceptOutcome(failure, texts.network)) },
    );
  }

  async function switchTo() {
    if (busy) return;
    await run(() => switchAccount(locale, loginHref, texts.network), { busyAfterSuccess: true });
  }

  if (outcome?.kind === 'joined' || outcome?.kind === 'member') {
    return (
      <section
        role="status"
        className="space-y-4 rounded-card border border-green-300 bg-green-50 p-5 sm:p-6"
        data-testid="join-done"
        data-kind={outcome.kind}
      >
        <h2 className="text-lg font-semibold text-balance break-keep text-green-900">
          {outcome.kind === 'joined' ? t('join.joinedTitle', { org }) : t('join.memberTitle', { org })}
        </h2>
        <p className="text-green-900">{outcome.kind === 'joined' ? t('join.joinedBody', { role }) : outcome.message}</p>
        <ButtonLink href="/org" data-testid="join-to-org">
          {t('join.toOrg')}
        </ButtonLink>
      </section>
    );
  }

  return (
    <div className="space-y-6">
      {preview.invitedBy ? (
        <p className="text-ink" data-testid="join-invited-by">
          {t('join.invitedBy', { name: preview.invitedBy })}
        </p>
      ) : null}
      <dl
        className="grid gap-x-6 gap-y-4 rounded-card border border-line bg-canvas p-5 shadow-card sm:grid-cols-2 sm:p-6"
        data-testid="join-preview"
      >
        <div className="min-w-0">
          <dt className="text-sm text-ink-muted">{t('join.organisation')}</dt>
          <dd className="mt-1 font-semibold break-words text-ink" data-testid="join-org">
            {org}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm text-ink-muted">{t('join.role')}</dt>
          <dd className="mt-1 font-semibold text-ink" data-testid="join-role">
            {role}
          </dd>
        </div>
        {preview.department !== null ? (
          <div className="min-w-0">
            <dt className="text-sm text-ink-muted">{t('join.department')}</dt>
            <dd className="mt-1 font-semibold break-words text-ink" data-testid="join-department">
              {preview.department}
            </dd>
          </div>
        ) : null}
        <div className="min-w-0">
          <dt className="text-sm text-ink-muted">{t('join.sentTo')}</dt>
          <dd className="mt-1 text-ink">{t(`join.channels.${preview.channel}`)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm text-ink-muted">{t('join.expires')}</dt>
          <dd className="mt-1 text-ink">
            <LocalTime iso={preview.expiresAt} languageTag={tag} serverZone={serverZone} />
          </dd>
        </div>
      </dl>

      {account === null ? (
        <div className="space-y-4" data-testid="join-signed-out">
          <p className="leading-relaxed text-pretty text-ink-muted">{t('join.signedOut')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink href={loginHref} data-testid="join-login">
              {t('join.login')}
            </ButtonLink>
            <ButtonLink href={signupHref} variant="secondary" data-testid="join-signup">
              {t('join.signup')}
            </ButtonLink>
          </div>
        </div>
      ) : outcome?.kind === 'notYours' ? (
        <section
          role="alert"
          className="space-y-3 rounded-card border border-amber-300 bg-amber-50 p-5 sm:p-6"
          data-testid="join-not-yours"
        >
          <h2 className="text-lg font-semibold text-balance break-keep text-amber-900">{t('join.notYoursTitle')}</h2>
          <p className="text-amber-900">{outcome.message}</p>
          <p className="text-amber-900" data-testid="join-invited-for">
            {t('join.invitedFor', { target: preview.target })}
          </p>
          <p className="text-amber-900" data-testid="join-account">
            {t('join.signedInAs', { account })}
          </p>
          <Button onClick={() => void switchTo()} aria-disabled={busy || undefined} data-testid="join-switch">
            {busy ? t('join.switching') : t('join.switch')}
          </Button>
        </section>
      ) : outcome?.kind === 'invalid' ? (
        <p role="alert" className="rounded-control bg-red-50 p-3 text-sm text-red-800" data-testid="join-error">
          {outcome.message}
        </p>
      ) : (
        <div className="space-y-4" data-testid="join-signed-in">
          <p className="text-ink-muted" data-testid="join-account">
            {t('join.signedInAs', { account })}
          </p>
          {outcome?.kind === 'failed' ? (
            <p role="alert" className="rounded-control bg-red-50 p-3 text-sm text-red-800" data-testid="join-error">
              {outcome.message}
            </p>
          ) : null}
          <Button onClick={() => void accept()} aria-disabled={busy || undefined} data-testid="join-accept" className="w-full sm:w-auto">
            {busy ? t('join.accepting') : t('join.accept', { org })}
          </Button>
        </div>
      )}
    </div>
  );
}
