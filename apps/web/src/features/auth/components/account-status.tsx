'use client';

import { type ReactNode, useEffect, useState } from 'react';
import { Link } from '@/components/link';
import { formatDate } from '@/lib/format';
import { type TSessionUser, useSession, useSessionHint } from '@/lib/session';

export interface TAccountStatusTexts {
  label: string;
  plans: Record<TSessionUser['plan'], string>;
  /** templates with {date} */
  validUntil: string;
  expiredOn: string;
  noExpiry: string;
  logout: string;
}

function expiryText(user: TSessionUser, texts: TAccountStatusTexts, iso: string): string {
  if (!user.expiresAt) return texts.noExpiry;
  const date = formatDate(user.expiresAt, iso, 'medium');
  return (user.active ? texts.validUntil : texts.expiredOn).replace('{date}', date);
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
  const [busy, setBusy] = useState(false);
  const [unknown, setUnknown] = useState(false);

  useEffect(() => {
    if (!hinted || user) return;
    void import('../account-session')
      .then(({ loadAccount }) => loadAccount())
      .then((settled) => setUnknown(!settled));
  }, [hinted, user]);

  if (!user) {
    // While the profile loads, keep the place without flashing "Log in".
    return hinted && !unknown ? <span aria-hidden className="inline-block h-10 w-28" /> : children;
  }

  function onLogout() {
    setBusy(true);
    void import('../account-session').then(({ logout }) => logout());
  }

  const plan = texts.plans[user.plan];
  const until = expiryText(user, texts, iso);
  return (
    <div role="group" aria-label={texts.label} className="flex min-w-0 items-center gap-1.5">
      <div className="min-w-0 max-w-36 leading-tight">
        <p className="truncate text-sm font-semibold text-ink" title={user.name}>
          <Link href="/account" className="hover:text-brand-700 hover:underline underline-offset-4" data-account-name>
            {user.name}
          </Link>
        </p>
        <p className="truncate text-xs text-ink-muted" title={`${plan} · ${until}`}>
          <span className="font-medium text-brand-700">{plan}</span> · {until}
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
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4" />
          <path d="M15 8l4 4-4 4M19 12H9" />
        </svg>
      </button>
    </div>
  );
}

/**
 * The plan and its expiry in the phone's header bar (below the `nav` breakpoint the account area
 * is inside the menu; issue 20, item 11): a link to the account with the plan's name and, for a
 * plan that ends, its last day in short form; the whole sentence is its name and tooltip. Nothing
 * for a visitor. Below 390 px the header's brand name gives way to it (`data-plan-chip`).
 */
export function PlanChip({ texts, iso }: { texts: TAccountStatusTexts; iso: string }) {
  const { user } = useSession();
  if (!user) return null;
  const plan = texts.plans[user.plan];
  const until = expiryText(user, texts, iso);
  const shortDate = user.expiresAt ? formatDate(user.expiresAt, iso, 'short') : null;
  return (
    <Link
      href="/account"
      data-plan-chip
      aria-label={`${plan} · ${until}`}
      title={`${plan} · ${until}`}
      className="flex min-h-10 shrink-0 flex-col justify-center rounded-control border border-line px-2 text-xs leading-tight hover:bg-surface-raised"
    >
      <span className="font-semibold whitespace-nowrap text-brand-700">{plan}</span>
      {shortDate ? <span className={`whitespace-nowrap tabular-nums ${user.active ? 'text-ink-muted' : 'text-red-700'}`}>{shortDate}</span> : null}
    </Link>
  );
}
