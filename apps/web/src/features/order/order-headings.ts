import type { ReactNode } from 'react';

// The checkout's headings (Order texts) that its server page phrase-breaks for the client
// components showing them (OrderCheckout, CodeCheckout, PaymentPanel): lib/phrases.tsx and its
// models stay on the server, the phrased headings cross as props.

export const ORDER_HEADINGS = [
  'successHeading',
  'summaryHeading',
  'scanHeading.ZFB',
  'scanHeading.WX',
  'phoneHeading.ZFB',
  'phoneHeading.WX',
  'phoneHeading.CARD',
  'wechatSheetHeading',
] as const;

export type TOrderHeading = (typeof ORDER_HEADINGS)[number];

/** The headings as the server phrased them; one missing shows as its plain text. */
export type TOrderHeadings = Partial<Record<TOrderHeading, ReactNode>>;
