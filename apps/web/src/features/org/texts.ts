import type { TTexts } from '@/lib/texts';

// What the organisation pages' client components say, handed over as props by the server pages
// (server/org-texts.ts): no use-intl runtime in the browser.

export interface TOrgTexts {
  /** the Org namespace (messages/<locale>/org.json) */
  page: TTexts;
  network: string;
}
