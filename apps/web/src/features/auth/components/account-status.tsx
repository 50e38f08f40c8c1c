'use client';

import { type ReactNode, useEffect, useState } from 'react';
import { Link } from '@/components/link';
import { formatDate } from '@/lib/format';
import { type TSessionUser, useSession, useSessionHint } from '@/lib/session';

interface TAccountStatusTexts {
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
