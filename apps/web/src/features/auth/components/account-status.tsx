'use client';

import { type ReactNode, useEffect, useState } from 'react';
import { Link } from '@/components/link';
import { useVisitorZone } from '@/components/local-time';
import { formatDate, formatNumericDate } from '@/lib/format';
import { type TSessionUser, useSession, useSessionHint } from '@/lib/session';

export interface TAccountStatusTexts {
  label: string;
  plans: Record<TSessionUser['plan'], string>;
  /** templates with {date}: the sentence (names, tooltips) */
  validUntil: string;
  expiredOn: string;
  /** templates with {date}: the same, in the fewest words, for the header's line */
  untilShort: string;
  endedShort: string;
  /** templates with {date}: an account whose deletion is pending (the sentence, and its short form) */
  deletion: string;
  deletionShort: string;
  noExpiry: string;
  logout: string;
}

interface TStatusLine {
  /** the whole sentence: the line's accessible text and tooltip */
  full: string;
  /** what the line shows: the plan and the date in full, the words shortened */
  short: string;
  /** an ended plan or a pending deletion: said in red */
  warn: boolean;
  /** a pending deletion leads to the restore (the header then invites no renewal) */
  href: '/account' | '/account/cancel';
}

/**
 * The header's one line about the account: the plan with its expiry, or the pending deletion.
 * The date is always whole (medium style: four-digit years in every language, ADR 0034) and on
 * the reader's calendar (ADR 0031); only the words around it are shortened to fit the bar.
 */
function statusLine(user: TSessionUser, texts: TAccountStatusTexts, iso: string, zone: string): TStatusLine {
  const plan = texts.plans[user.plan];
  if (user.eraseAt) {
    const date = formatDate(user.eraseAt, iso, 'medium', zone);
    return {
      full: texts.deletion.replace('{date}', date),
      short: texts.deletionShort.replace('{date}', date),
      warn: true,
      href: '/account/cancel',
    };
  }
  if (!user.expiresAt) return { full: `${plan} · ${texts.noExpiry}`, short: `${plan} · ${texts.noExpiry}`, warn: false, href: '/account' };
  const date = formatDate(user.expiresAt, iso, 'medium', zone);
  return {
    full: `${plan} · ${(user.active ? texts.validUntil : texts.expiredOn).replace('{date}', date)}`,
    short: `${plan} · ${(user.active ? texts.untilShort : texts.endedShort).replace('{date}', date)}`,
    warn: !user.active,
    href: '/account',
  };
}

/**
 * The header's account area in the browser: `children` (the Login link) for visitors; for a
 * logged-in user the account name, current plan, expiry and Log Out. The profile is fetched
 * only when the session hint cookie is set, by a chunk loaded on demand (features/auth/
 * account-session.ts), so this adds well under 1 KiB to the pages' first load.
 */
export function AccountStatus({ texts, iso, children }: { texts: TAccountStatusTexts; iso: string; children: ReactNode }) {
  const { user } = useSession();
  const hinted = useSessionHint();
  const zone = useVisitorZone();
  const [busy, setBusy] = useState(false);
  const [unknown, setUnknown] = useState(false);

  useEffect(() => {
    if (!hinted || user) return;
    void import('../account-session').then(({ loadAccount }) => loadAccount()).then((settled) => setUnknown(!settled));
  }, [hinted, user]);

  if (!user) {
    // While the profile loads, keep the place without flashing "Log in".
    return hinted && !unknown ? <span aria-hidden className="inline-block h-10 w-28" /> : children;
  }

  function onLogout() {
    setBusy(true);
    void import('../account-session').then(({ logout }) => logout());
  }

  const line = statusLine(user, texts, iso, zone);
  return (
    <div role="group" aria-label={texts.label} className="flex min-w-0 items-center gap-1.5">
      <div className="min-w-0 leading-tight">
        <p className="max-w-36 truncate text-sm font-semibold text-ink" title={user.name}>
          <Link href="/account" className="hover:text-brand-700 hover:underline underline-offset-4" data-account-name>
            {user.name}
          </Link>
        </p>
        {/* Never cut (ADR 0034): the line keeps its width and the date is whole; the
            sentence is its accessible text and tooltip. */}
        <p className={`text-xs whitespace-nowrap ${line.warn ? 'text-red-700' : 'text-ink-muted'}`} title={line.full} data-plan-line>
          {line.href === '/account/cancel' ? (
            <Link href={line.href} className="font-medium underline underline-offset-2">
              <span aria-hidden="true">{line.short}</span>
              <span className="sr-only">{line.full}</span>
            </Link>
          ) : (
            <>
              <span aria-hidden="true">{line.short}</span>
              <span className="sr-only">{line.full}</span>
            </>
          )}
        </p>
      </div>
      {/* An icon with its name (aria-label, and a tooltip): the words would not fit the bar in every language. */}
      <button
        type="button"
        onClick={onLogout}
        aria-disabled={busy || undefined}
        aria-label={texts.logout}
        title={texts.logout}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-control text-ink-soft hover:bg-surface-raised hover:text-ink aria-disabled:opacity-60"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4" />
          <path d="M15 8l4 4-4 4M19 12H9" />
        </svg>
      </button>
    </div>
  );
}

/**
 * The plan and its expiry in the phone's header bar (below the `nav` breakpoint the account area
 * is inside the menu; ADR 0020): a link to the account with the plan's name and, for a
 * plan that ends, its last day in short form; the whole sentence is its name and tooltip. Nothing
 * for a visitor. Below 390 px the header's brand name gives way to it (`data-plan-chip`).
 */
export function PlanChip({ texts, iso }: { texts: TAccountStatusTexts; iso: string }) {
  const { user } = useSession();
  const zone = useVisitorZone();
  if (!user) return null;
  const line = statusLine(user, texts, iso, zone);
  const day = user.eraseAt ?? user.expiresAt;
  // the date with its four-digit year in the fewest characters
  const shortDate = day ? formatNumericDate(day, iso, zone) : null;
  return (
    <Link
      href={line.href}
      data-plan-chip
      aria-label={line.full}
      title={line.full}
      className="flex min-h-10 shrink-0 flex-col justify-center rounded-control border border-line px-2 text-xs leading-tight hover:bg-surface-raised"
    >
      {user.eraseAt && shortDate ? (
        // a pending deletion, not the plan: nothing here invites a renewal (ADR 0034)
        <span className="font-semibold whitespace-nowrap text-red-700">{texts.deletionShort.replace('{date}', shortDate)}</span>
      ) : (
        <>
          <span className="font-semibold whitespace-nowrap text-brand-700">{texts.plans[user.plan]}</span>
          {shortDate ? (
            <span className={`whitespace-nowrap tabular-nums ${line.warn ? 'text-red-700' : 'text-ink-muted'}`}>{shortDate}</span>
          ) : null}
        </>
      )}
    </Link>
  );
}
