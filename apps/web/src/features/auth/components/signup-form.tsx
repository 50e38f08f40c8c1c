'use client';

import type { TSendCodeResult } from '@llk/contracts';
import { REFERRAL_CODE_INPUT_RE } from '@llk/contracts/rules';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { validate } from '../rules';
import type { TAuthTexts } from '../texts';
import { useAuthForm } from '../use-auth-form';
import { useContinueAfterLogin } from '../use-continue-after-login';
import { CodeButton } from './code-button';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';

/**
 * /signup: username, phone + SIGNUP code, password and its confirmation, and an optional
 * ambassador's referral code (empty: a referral link's cookie applies); logs the new account in.
 */
export function SignupForm({ texts }: { texts: TAuthTexts }) {
  const next = useContinueAfterLogin();
  const form = useAuthForm({ username: '', mobile: '', code: '', password: '', confirmPassword: '', referralCode: '' }, validate.signup, texts);
  const t = texts.form;
  // A referral link that led here (?ref=CODE) shows the code it credits, instead of an empty box.
  const { set } = form;
  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get('ref')?.trim() ?? '';
    if (REFERRAL_CODE_INPUT_RE.test(code)) set('referralCode', code.toUpperCase());
    // once, on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      onSubmit={form.onSubmit(async (api, v) => {
        await api.post('/signup', {
          body: {
            username: v.username.trim(),
            mobile: v.mobile.trim(),
            code: v.code.trim(),
            password: v.password,
            confirmPassword: v.confirmPassword,
            ...(v.referralCode.trim() ? { referralCode: v.referralCode.trim() } : {}),
          },
        });
        toast.success(texts.success.accountCreated ?? '');
        next();
      })}
      className="space-y-4"
    >
      <TextField label={t.username ?? ''} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.field('username')} />
      <TextField label={t.mobile ?? ''} type="tel" inputMode="tel" autoComplete="tel" {...form.field('mobile')} />
      <TextField
        label={t.code ?? ''}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...form.field('code')}
        addon={
          <CodeButton
            texts={texts}
            canSend={() => form.check('mobile')}
            send={(api) => api.post<TSendCodeResult>('/sms', { body: { mobile: form.values.mobile.trim(), smsType: 'SIGNUP' } })}
          />
        }
      />
      <TextField label={t.password ?? ''} type="password" autoComplete="new-password" {...form.field('password')} />
      <TextField label={t.confirmPassword ?? ''} type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <TextField
        label={t.referralCode ?? ''}
        hint={t.referralCodeHint}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        {...form.field('referralCode')}
      />
      <Button type="submit" block aria-disabled={form.busy || undefined}>
        {t.submit}
      </Button>
    </form>
  );
}
