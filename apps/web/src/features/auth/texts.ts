// What the auth forms say, handed to them as props by their server page (server/auth-texts.ts)
// instead of through next-intl's client provider: the forms then ship neither use-intl's
// runtime nor the message formatter (JS budget, README). The texts use only {name}
// placeholders, filled by fill() (lib/format.ts).

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
}

/** 'validation.phoneRequired' → its text (the key itself if a text is missing). */
export function validationText(texts: TAuthTexts, key: string): string {
  return texts.validation[key.replace(/^validation\./, '')] ?? key;
}
