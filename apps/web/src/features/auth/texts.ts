// What the auth forms say, handed to them as props by their server page (server/auth-texts.ts)
// instead of through next-intl's client provider: the forms then ship neither use-intl's
// runtime nor the message formatter (JS budget, README). The texts use only {name}
// placeholders, filled by fill() (lib/format.ts).

import type { TPhoneFieldTexts } from '@/components/ui/phone-field';

export interface TAuthTexts {
  /** the page's form namespace: LoginForm, SignupForm or ResetForm */
  form: Record<string, string>;
  /** receive, sent ({seconds}), resend */
  code: Record<'receive' | 'sent' | 'resend', string>;
  /** contracts `validation.*`, keyed without the prefix */
  validation: Record<string, string>;
  /** contracts `success.*`: loginSucceeded, accountCreated, modificationSucceeded, passwordReset, codeSent ({target}) */
  success: Record<string, string>;
  /** contracts errors.network: shown when the code that talks to the API cannot be loaded */
  network: string;
  /** the phone field's selector (PhoneField namespace) and the page's language (country names, default country) */
  phone?: TPhoneFieldTexts & { locale: string };
}

const NO_PHONE_TEXTS: TPhoneFieldTexts & { locale: string } = { country: '', search: '', noMatch: '', locale: 'zh-CN' };

/** The phone field's texts of a form (empty ones in a test that gives none). */
export function phoneTexts(texts: TAuthTexts): TPhoneFieldTexts & { locale: string } {
  return texts.phone ?? NO_PHONE_TEXTS;
}

/** 'validation.phoneRequired' → its text (the key itself if a text is missing). */
export function validationText(texts: TAuthTexts, key: string): string {
  return texts.validation[key.replace(/^validation\./, '')] ?? key;
}
