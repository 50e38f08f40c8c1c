import { describe, expect, it } from 'vitest';
import { completeTranslations, incompleteLocales, isoOfUtcInput, startedLocales, utcInputOf } from './translations';

// A language counts as written only when every field has text: the API refuses a blank one, so
// the warning, the tabs and the save all use this one rule.

const FIELDS = ['title', 'summary', 'body'] as const;
const full = { title: 'T', summary: 'S', body: 'B' };

describe('translations', () => {
  it('counts a language with a blank field (spaces too) as incomplete, and one with some text as started', () => {
    const translations = { 'zh-CN': full, en: { title: 'Only a title', summary: '', body: '' }, ja: { title: 'T', summary: ' ', body: 'B' } };
    expect(incompleteLocales(translations, FIELDS)).toEqual(['en', 'zh-tw', 'es', 'fr', 'ja', 'ko']);
    expect(startedLocales(translations, FIELDS)).toEqual(['en', 'ja']);
    expect(completeTranslations(translations, FIELDS)).toEqual({ 'zh-CN': full });
  });

  it('reads and writes datetime-local values as UTC', () => {
    expect(utcInputOf('2026-02-01T08:30:00.000+08:00')).toBe('2026-02-01T00:30');
    expect(isoOfUtcInput('2026-02-01T00:30')).toBe('2026-02-01T00:30:00.000Z');
    expect(utcInputOf(null)).toBe('');
    expect(isoOfUtcInput('')).toBeNull();
  });
});
