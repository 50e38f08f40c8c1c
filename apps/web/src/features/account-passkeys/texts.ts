// What the passkey components say, handed to them as props by their server page
// (server/passkeys-texts.ts) like the auth forms' texts: no use-intl runtime in the browser.
// Placeholders are {name}, filled by fill() (lib/format.ts).

import type { ReactNode } from 'react';

export interface TPasskeysTexts {
  /** the panel's namespace (messages/<locale>/account-passkeys.json, PasskeysPanel) */
  panel: Record<string, string>;
  /** contracts validation.*, keyed without the prefix (required, tooLong) */
  validation: Record<string, string>;
  /** contracts errors.network */
  network: string;
  /** the panel's headings (title, removeTitle), phrase-broken on the server (lib/phrases.tsx); one missing shows as its text */
  headings?: Partial<Record<'title' | 'removeTitle', ReactNode>>;
}

export interface TPasskeyLoginTexts {
  /** PasskeyLogin namespace */
  login: Record<string, string>;
  /** contracts success.loginSucceeded */
  loginSucceeded: string;
  network: string;
}
