'use client';

import { type ReactNode, useEffect, useState } from 'react';
import { Link } from '@/components/link';
import { formatDate } from '@/lib/format';
import { type TSessionUser, useSession, useSessionHint } from '@/lib/session';
import { buttonClass } from '@/components/ui/button';

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

  return (
    <div role="group" aria-label={texts.label} className="flex items-center gap-3">
      <div className="min-w-0 leading-tight">
        <p className="max-w-40 truncate text-sm font-semibold text-ink" title={user.name}>
          <Link href="/account" className="hover:text-brand-700 hover:underline underline-offset-4" data-account-name>
            {user.name}
          </Link>
        </p>
        <p className="text-xs whitespace-nowrap text-ink-muted">
          <span className="font-medium text-brand-700">{texts.plans[user.plan]}</span> · {expiryText(user, texts, iso)}
        </p>
      </div>
      <button
        type="button"
        onClick={onLogout}
        aria-disabled={busy || undefined}
        className={buttonClass({ variant: 'quiet', size: 'header' })}
      >
        {texts.logout}
      </button>
    </div>
  );
}
