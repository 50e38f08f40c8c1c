'use client';

import { usePathname } from '@/components/link';
import { RestoreButton } from '@/features/account-profile/components/cancel-account';
import type { TProfileTexts } from '@/features/account-profile/texts';
import { sectionOf } from '../sections';

/**
 * An account scheduled for deletion, said on every account page (ADR 0034): the day it
 * is erased and the one-click restore. Not on the cancellation page itself, which is the same
 * notice with its details.
 */
export function DeletionBanner({ text, texts }: { text: string; texts: TProfileTexts }) {
  if (sectionOf(usePathname()) === 'cancel') return null;
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between print:hidden"
      data-testid="pending-deletion"
    >
      <p className="text-sm font-medium">{text}</p>
      <div className="shrink-0">
        <RestoreButton texts={texts} />
      </div>
    </div>
  );
}
