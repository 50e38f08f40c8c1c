import type { TContactTopic } from '@llk/contracts';

// What the contact form says, handed to it as props by the contact page (server/contact-texts.ts),
// so the page ships neither use-intl's runtime nor the message formatter. {name} placeholders only.

export interface TContactTexts {
  form: Record<string, string> & { topics: Record<TContactTopic, string> };
  /** contracts `validation.*`, keyed without the prefix */
  validation: Record<string, string>;
  /** contracts errors.network: shown when the code that talks to the API cannot be loaded */
  network: string;
}

/** 'validation.required' → its text (the key itself if a text is missing). */
export function contactValidationText(texts: TContactTexts, key: string | undefined): string | undefined {
  return key ? (texts.validation[key.replace(/^validation\./, '')] ?? key) : undefined;
}
