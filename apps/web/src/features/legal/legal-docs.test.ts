import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEGAL_DOCS } from '@/lib/routes';
import { isLegalDocSlug, legalDocs } from './legal-docs';

const messages = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../messages/zh-CN/pages.json'), 'utf8')) as {
  LegalPage: Record<string, { title: string; intro: string; sections: Record<string, { title: string; body: string }> }>;
};

describe('legal documents', () => {
  it('serves exactly the documents of the route table', () => {
    expect(Object.keys(legalDocs).sort()).toEqual([...LEGAL_DOCS].sort());
    expect(isLegalDocSlug('membership-agreement')).toBe(true);
    expect(isLegalDocSlug('toString')).toBe(false);
  });

  it('has a title, an intro and every listed section in the messages, and no unlisted ones', () => {
    for (const { key, sections } of Object.values(legalDocs)) {
      const doc = messages.LegalPage[key];
      expect(doc?.title, key).toBeTruthy();
      expect(doc?.intro, key).toBeTruthy();
      expect(Object.keys(doc?.sections ?? {}), key).toEqual([...sections]);
    }
  });
});
