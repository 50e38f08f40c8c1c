'use client';

import type { TSendCodeResult } from '@llk/contracts';
import { REFERRAL_CODE_INPUT_RE } from '@llk/contracts/rules';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { type TFieldErrors, validate } from '../rules';
import { type TAuthTexts, phoneTexts } from '../texts';
import { useAuthForm } from '../use-auth-form';
import { useContinueAfterLogin } from '../use-continue-after-login';
import { CodeField } from './code-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PhoneField, usePhone } from '@/components/ui/phone-field';
import { Tabs } from '@/components/ui/tabs';

type TWay = 'mobile' | 'email';
type TSignupValues = {
  username: string;
  mobile: string;
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
  referralCode: string;
};

/**
 * One way of signing up: username, the phone (with its country) or the email address with its
 * SIGNUP code, password and its confirmation, and an optional ambassador's referral code (empty:
 * a referral link's cookie applies); logs the new account in. An account made by email binds a
 * phone later in its profile (BIND_MOBILE).
 */
function SignupBy({ way, texts }: { way: TWay; texts: TAuthTexts }) {
  const next = useContinueAfterLogin();
  const t = texts.form;
  const phoneText = phoneTexts(texts);
  const phone = usePhone(phoneText.locale);
  const rules = (values: TSignupValues): TFieldErrors =>
    way === 'mobile' ? validate.signup({ ...values, mobile: phone.checked(values.mobile) }) : validate.signupByEmail(values);
  const form = useAuthForm<TSignupValues>(
    { username: '', mobile: '', email: '', code: '', password: '', confirmPassword: '', referralCode: '' },
    rules,
    texts,
  );
  // A referral link that led here (?ref=CODE) shows the code it credits, instead of an empty box.
  const { set } = form;
  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get('ref')?.trim() ?? '';
    if (REFERRAL_CODE_INPUT_RE.test(code)) set('referralCode', code.toUpperCase());
    // once, on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** The address the code goes to and the account is made with: E.164 for a phone. */
  const address = async (values: TSignupValues) =>
    way === 'mobile' ? { mobile: await phone.settle(values.mobile) } : { email: values.email.trim() };

  return (
    <form
      ref={form.formRef}
      noValidate
      onFocus={form.onFocus}
      onSubmit={form.onSubmit(async (api, v) => {
        await api.post('/signup', {
          body: {
            username: v.username.trim(),
            ...(await address(v)),
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
      {way === 'mobile' ? (
        <PhoneField label={t.mobile ?? ''} phone={phone} texts={phoneText} {...form.field('mobile')} />
      ) : (
        <TextField
          label={t.email ?? ''}
          hint={t.emailHint}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('email')}
        />
      )}
      <CodeField
        label={t.code ?? ''}
        field={form.field('code')}
        texts={texts}
        canSend={() => form.check(way)}
        onError={(error) => form.serverError(error)}
        send={async (api) => api.post<TSendCodeResult>('/sms', { body: { ...(await address(form.values)), smsType: 'SIGNUP' } })}
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

/** /signup: with a phone number (any country, ADR 0027) or with an email address (ADR 0028). */
export function SignupForm({ texts }: { texts: TAuthTexts }) {
  const t = texts.form;
  return (
    <Tabs
      label={t.tabsLabel ?? ''}
      idPrefix="signup"
      tabs={[
        { value: 'mobile', title: t.byPhone ?? '', panel: <SignupBy way="mobile" texts={texts} /> },
        { value: 'email', title: t.byEmail ?? '', panel: <SignupBy way="email" texts={texts} /> },
      ]}
    />
  );
}
