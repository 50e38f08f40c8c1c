// What the passkey components say, handed to them as props by their server page
// (server/passkeys-texts.ts) like the auth forms' texts: no use-intl runtime in the browser.
// Placeholders are {name}, filled by fill() (lib/format.ts).

export interface TPasskeysTexts {
  /** the panel's namespace (messages/<locale>/account-passkeys.json, PasskeysPanel) */
  panel: Record<string, string>;
  /** contracts validation.*, keyed without the prefix (required, tooLong) */
  validation: Record<string, string>;
  /** contracts errors.network */
  network: string;
}

export interface TPasskeyLoginTexts {
  /** PasskeyLogin namespace */
  login: Record<string, string>;
  /** contracts success.loginSucceeded */
  loginSucceeded: string;
  network: string;
}
