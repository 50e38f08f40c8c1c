import type { ReactNode } from 'react';
import type { TTexts } from '@/lib/texts';

// What the fleet panels say, handed to them as props by their server pages
// (server/fleet-texts.ts): one namespace of messages/<locale>/account-fleet.json, read with
// translator() (lib/texts.ts) for its plurals, plus the contracts' network text.

export interface TFleetTexts {
  texts: TTexts;
  /** contracts errors.network */
  network: string;
  /** the panel's headings by key, phrase-broken on the server (lib/phrases.tsx); one missing shows as its text */
  headings?: Partial<Record<string, ReactNode>>;
}

/** A device as the panels show it (from GET /device/list). */
export interface TFleetDevice {
  id: string;
  name: string;
  online: boolean;
  /** the owner's name when the device is shared with the user */
  sharedBy: string | null;
}
