'use client';

import type { TSendCodeResult } from '@llk/contracts';
import type { TApiClient } from '@llk/contracts/client';
import { toast } from '@/lib/toast';
import { accountKind, validate } from '../rules';
import { type TAuthTexts, phoneTexts } from '../texts';
import { useAuthForm } from '../use-auth-form';
import { useContinueAfterLogin } from '../use-continue-after-login';
import { Tabs } from '@/components/ui/tabs';
import { CodeField } from './code-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PhoneField, usePhone } from '@/components/ui/phone-field';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SecondStepForm as SecondStepFormType } from '@/features/account-security/components/second-step-form';
import { challengeFromFragment } from '../second-step-handoff';

type TSecondStepForm = typeof SecondStepFormType;

/**
 * The second-step form, loaded when a challenge arrives: only accounts with two-step
 * verification ever see it, so it stays out of the log-in page's first load (a plain import:
 * next/dynamic's loader costs more than it saves here).
 */
function useSecondStepForm(challenge: string | null, network: string, onFailed: () => void): TSecondStepForm | null {
  const [form, setForm] = useState<TSecondStepForm | null>(null);
  useEffect(() => {
    if (!challenge || form) return;
    let live = true;
    import('@/features/account-security/components/second-step-form')
      .then((module) => {
        if (live) setForm(() => module.SecondStepForm);
      })
      .catch(() => {
        toast.error(network);
        if (live) onFailed();
      });
    return () => {
      live = false;
    };
  }, [challenge, form, network, onFailed]);
  return form;
}

/** With two-step verification on, the first step answers a challenge instead of a session. */
type TOnChallenge = (challengeId: string) => void;

async function logIn(api: TApiClient, body: Record<string, unknown>, texts: TAuthTexts, next: () => void, onChallenge: TOnChallenge) {
  const result = await api.post<{ access_token?: string; challengeId?: string }>('/h5Login', { body });
  if (result.challengeId) {
    onChallenge(result.challengeId);
    return;
  }
  toast.success(texts.success.loginSucceeded ?? '');
  next();
}

type TCodeWay = 'mobile' | 'email';

/** Log-in by a LOGIN code sent to the phone (any country) or, for an account made by email, to the email address. */
function CodeLogin({ texts, onChallenge }: { texts: TAuthTexts; onChallenge: TOnChallenge }) {
  const next = useContinueAfterLogin();
  const [way, setWay] = useState<TCodeWay>('mobile');
  const t = texts.form;
  const phoneText = phoneTexts(texts);
  const phone = usePhone(phoneText.locale);
  const form = useAuthForm(
    { mobile: '', email: '', code: '' },
    (v) => (way === 'mobile' ? validate.codeLogin({ mobile: phone.checked(v.mobile), code: v.code }) : validate.codeLoginByEmail(v)),
    texts,
  );
  const switchRef = useRef(false);
  useEffect(() => {
    // after a switch, the new address field takes the focus
    if (switchRef.current) form.formRef.current?.querySelector<HTMLInputElement>(`input[name="${way}"]`)?.focus();
  }, [way, form.formRef]);
  const address = async (v: { mobile: string; email: string }) =>
    way === 'mobile' ? { loginType: 'mobile', mobile: await phone.settle(v.mobile) } : { loginType: 'email', email: v.email.trim() };
  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      onSubmit={form.onSubmit(async (api, v) => logIn(api, { ...(await address(v)), code: v.code.trim() }, texts, next, onChallenge))}
      className="space-y-4"
    >
      <div>
        {way === 'mobile' ? (
          <PhoneField label={t.mobile ?? ''} phone={phone} texts={phoneText} {...form.field('mobile')} />
        ) : (
          <TextField
            label={t.email ?? ''}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            {...form.field('email')}
          />
        )}
        <button
          type="button"
          className="mt-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={() => {
            switchRef.current = true;
            setWay(way === 'mobile' ? 'email' : 'mobile');
          }}
        >
          {way === 'mobile' ? t.useEmail : t.usePhone}
        </button>
      </div>
      <CodeField
        label={t.code ?? ''}
        field={form.field('code')}
        target={way}
        texts={texts}
        canSend={() => form.check(way)}
        onError={(error) => form.serverError(error)}
        send={async (api) => {
          const { loginType: _kind, ...target } = await address(form.values);
          return api.post<TSendCodeResult>('/sms', { body: { ...target, smsType: 'LOGIN' } });
        }}
      />
      <Button type="submit" block aria-disabled={form.busy || undefined}>
        {t.submit}
      </Button>
    </form>
  );
}

/** The API looks the account up by the kind the user typed: a phone, an email or a username. */
function PasswordLogin({ texts, onChallenge }: { texts: TAuthTexts; onChallenge: TOnChallenge }) {
  const next = useContinueAfterLogin();
  const form = useAuthForm({ account: '', password: '' }, validate.passwordLogin, texts);
  const t = texts.form;
  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      onSubmit={form.onSubmit((api, v) =>
        logIn(api, { loginType: accountKind(v.account), account: v.account.trim(), password: v.password }, texts, next, onChallenge),
      )}
      className="space-y-4"
    >
      <TextField label={t.account ?? ''} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.field('account')} />
      <TextField label={t.password ?? ''} type="password" autoComplete="current-password" {...form.field('password')} />
      <Button type="submit" block aria-disabled={form.busy || undefined}>
        {t.submit}
      </Button>
    </form>
  );
}

/**
 * /login: verification-code log-in and password log-in (two tabs), then the second step
 * (authenticator or backup code) for accounts with two-step verification, also for an
 * access-key hand-off that arrives with its challenge in the fragment (second-step-handoff.ts).
 */
export function LoginForm({ texts, secondStep = {} }: { texts: TAuthTexts; secondStep?: Record<string, string> }) {
  const t = texts.form;
  const next = useContinueAfterLogin();
  const [challenge, setChallenge] = useState<string | null>(null);
  // ?tab=password (after a password reset): the form opens on the password tab
  const [tab, setTab] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('tab') === 'password') setTab('password');
  }, []);
  useEffect(() => {
    const handedOver = challengeFromFragment(window.location.hash);
    if (!handedOver) return;
    // the challenge leaves the address bar (and the history entry) at once
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    setChallenge(handedOver);
  }, []);
  const SecondStepForm = useSecondStepForm(
    challenge,
    texts.network,
    useCallback(() => setChallenge(null), []),
  );
  if (challenge) {
    if (!SecondStepForm) return <div aria-busy="true" className="min-h-48" />;
    const done = () => {
      toast.success(texts.success.loginSucceeded ?? '');
      next();
    };
    return (
      <SecondStepForm challengeId={challenge} texts={secondStep} network={texts.network} onDone={done} onBack={() => setChallenge(null)} />
    );
  }
  return (
    <Tabs
      key={tab ?? 'first'}
      initial={tab}
      label={t.tabsLabel ?? ''}
      tabs={[
        { value: 'code', title: t.codeTab ?? '', panel: <CodeLogin texts={texts} onChallenge={setChallenge} /> },
        { value: 'password', title: t.passwordTab ?? '', panel: <PasswordLogin texts={texts} onChallenge={setChallenge} /> },
      ]}
    />
  );
}
