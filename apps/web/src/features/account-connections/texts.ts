import type { TTexts } from '@/lib/texts';

// What the connections page's client components say, handed over as props by the server page
// (server/connections-texts.ts): no use-intl runtime in the browser.

export interface TConnectionsTexts {
  /** the AccountConnections namespace (messages/<locale>/connections.json) */
  page: TTexts;
  network: string;
}
