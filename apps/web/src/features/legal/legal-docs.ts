import type { TLegalDoc } from '@/lib/routes';

// The legal documents under /legal/<doc> (slugs from the route table, LEGAL_DOCS): message
// namespace key and section order. Texts live in messages (pages.json →
// LegalPage.<key>.sections.<section>.{title,body}); the type below fails when the two disagree.

export const LEGAL_UPDATED = '2026-11-22';

export const legalDocs = {
  privacy: { key: 'privacy', sections: ['scope', 'data', 'sessions', 'purposes', 'sharing', 'retention', 'cookies', 'rights'] },
  terms: { key: 'terms', sections: ['acceptance', 'account', 'use', 'crossBorder', 'paid', 'availability', 'liability', 'termination'] },
  'value-added-services': {
    key: 'valueAddedServices',
    sections: ['scope', 'prices', 'activation', 'screenWall', 'globalChannel', 'cloudPc', 'refunds', 'ambassador'],
  },
  'membership-agreement': {
    key: 'membershipAgreement',
    sections: ['plans', 'notIncluded', 'term', 'renewal', 'freeTier', 'redemption', 'refunds', 'changes'],
  },
} as const satisfies Record<TLegalDoc, { key: string; sections: readonly string[] }>;

export type LegalDocSlug = TLegalDoc;

export function isLegalDocSlug(value: string): value is LegalDocSlug {
  return Object.hasOwn(legalDocs, value);
}
