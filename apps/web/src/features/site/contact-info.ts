// Contact details shown on the contact page. Addresses and mailboxes are deployment facts, not
// texts: one place to change them (the street address itself is written per language in messages).
export const CONTACT_EMAILS = {
  support: 'support@llkremote.com',
  business: 'business@llkremote.com',
  ecosystem: 'partners@llkremote.com',
} as const;
export type TContactChannel = keyof typeof CONTACT_EMAILS;
