import type { TContactTopic } from '@llk/contracts';
import type { ReactNode } from 'react';

// What the contact form says, handed to it as props by the contact page (server/contact-texts.ts),
// so the page ships neither use-intl's runtime nor the message formatter. {name} placeholders only.

export interface TContactTexts {
  form: Record<string, string> & { topics: Record<TContactTopic, string> };
  /** contracts `validation.*`, keyed without the prefix */
  validation: Record<string, string>;
  /** contracts errors.network: shown when the code that talks to the API cannot be loaded */
  network: string;
  /** the form's headings (form.ackHeading), phrase-broken on the server (lib/phrases.tsx); one missing shows as its text */
  headings?: Partial<Record<'ackHeading', ReactNode>>;
}

/** 'validation.required' → its text (the key itself if a text is missing). */
export function contactValidationText(texts: TContactTexts, key: string | undefined): string | undefined {
  return key ? (texts.validation[key.replace(/^validation\./, '')] ?? key) : undefined;
}
