// What the security page's client components say, handed over as props by the server page
// (messages/<locale>/account-security.json, namespace AccountSecurity), and the pure helpers
// they use. {name} placeholders are filled with fill() (lib/format.ts).

import type { ReactNode } from 'react';

export type TTextTree = { [key: string]: string | TTextTree };

export interface TSecurityTexts {
  password: Record<string, string>;
  twoStep: Record<string, string>;
  sessions: Record<string, string> & { clientTypes?: Record<string, string> };
  alerts: Record<string, string>;
  /** contracts validation.* and success.* (keys without the prefix), errors.network */
  validation: Record<string, string>;
  success: Record<string, string>;
  network: string;
  /** headings inside the client components, phrase-broken by the page (lib/phrases.tsx); one missing shows as its text */
  headings?: Partial<Record<'backupTitle', ReactNode>>;
}

export interface TSessionView {
  id: string;
  browser: string | null;
  os: string | null;
  deviceType: string;
  clientType: string;
  ip: string | null;
  location: { countryCode: string | null; countryName: string | null };
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** "Chrome on Windows", "Safari", or the unknown-device text. */
export function deviceLabel(device: { browser: string | null; os: string | null }, texts: Record<string, string>): string {
  if (device.browser && device.os) return (texts.on ?? '{browser} / {os}').replace('{browser}', device.browser).replace('{os}', device.os);
  return device.browser ?? device.os ?? texts.unknownDevice ?? '';
}

/** "203.0.113.9 · China", or what is known of the two. */
export function placeLabel(ip: string | null, countryName: string | null, unknownLocation: string): string {
  return [ip, countryName ?? unknownLocation].filter(Boolean).join(' · ');
}

/** The backup codes' text file: a header line, then one code per line (CRLF, for every editor). */
export function backupCodesFile(codes: readonly string[], header: string): string {
  return [header, '', ...codes, ''].join('\r\n');
}

/** What the second step accepts as typed: six digits, or a backup code (xxxxx-xxxxx, any case). */
export function isSecondStepInput(value: string): boolean {
  const v = value.trim();
  return /^\d{6}$/.test(v) || /^[A-Za-z2-9]{5}-?[A-Za-z2-9]{5}$/.test(v);
}

/** The sessions after signing one out (or all others): what the list shows next. */
export function afterSignOut(sessions: readonly TSessionView[], ended: string | 'others'): TSessionView[] {
  return ended === 'others' ? sessions.filter((session) => session.current) : sessions.filter((session) => session.id !== ended);
}

/** A TOTP key as people copy it: groups of four ("JBSW Y3DP EHPK 3PXP"); authenticators ignore the spaces. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
