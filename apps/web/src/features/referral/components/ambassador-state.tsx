'use client';

import type { TAmbassadorInfo } from '@llk/contracts';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useLocaleCode } from '@/i18n/navigation';
import { fill, formatFen } from '@/lib/format';

// /promotionPlan is static: what the panel loads in the browser (joined?, the payout threshold)
// also changes parts of the page outside it, its heading and the payout rule. The panel
// publishes what it loaded here; those parts read it.

interface TAmbassadorState {
  info: TAmbassadorInfo | null;
  publish: (info: TAmbassadorInfo | null) => void;
}

const AmbassadorContext = createContext<TAmbassadorState | null>(null);

export function AmbassadorState({ children }: { children: ReactNode }) {
  const [info, publish] = useState<TAmbassadorInfo | null>(null);
  const value = useMemo(() => ({ info, publish }), [info]);
  return <AmbassadorContext value={value}>{children}</AmbassadorContext>;
}

/** The programme as the panel last loaded it: null for a visitor and until it has loaded. */
export function useAmbassadorInfo(): TAmbassadorInfo | null {
  return useContext(AmbassadorContext)?.info ?? null;
}

const nobody = () => {};

/** How the panel hands what it loaded to the rest of the page (nothing outside AmbassadorState). */
export function usePublishAmbassadorInfo(): (info: TAmbassadorInfo | null) => void {
  return useContext(AmbassadorContext)?.publish ?? nobody;
}

/** The page's heading: an invitation to join, a member's own page once they have joined. */
export function AmbassadorHeading({ visitor, member }: { visitor: ReactNode; member: ReactNode }) {
  return <>{useAmbassadorInfo()?.joined ? member : visitor}</>;
}

/**
 * The rule on payouts, read before joining. The threshold is a setting of the back office
 * (ADR 0019, "Payouts") that only the programme's API reads out, the figure the payout section
 * shows: its amount once the panel has loaded it (logged in), its name before. `withThreshold`
 * has a {threshold} placeholder.
 */
export function PayoutRule({ generic, withThreshold }: { generic: string; withThreshold: string }) {
  const info = useAmbassadorInfo();
  const locale = useLocaleCode();
  return (
    <li data-testid="payout-rule">{info ? fill(withThreshold, { threshold: formatFen(info.payout.thresholdFen, locale) }) : generic}</li>
  );
}
