import { describe, expect, it } from 'vitest';
import { completeTranslations, incompleteLocales, isoOfZonedInput, startedLocales, zonedInputOf } from './translations';

// A language counts as written only when every field has text: the API refuses a blank one, so
// the warning, the tabs and the save all use this one rule.

const FIELDS = ['title', 'summary', 'body'] as const;
const full = { title: 'T', summary: 'S', body: 'B' };

describe('translations', () => {
  it('counts a language with a blank field (spaces too) as incomplete, and one with some text as started', () => {
    const translations = {
      'zh-CN': full,
      en: { title: 'Only a title', summary: '', body: '' },
      ja: { title: 'T', summary: ' ', body: 'B' },
    };
    expect(incompleteLocales(translations, FIELDS)).toEqual(['en', 'zh-tw', 'es', 'fr', 'ja', 'ko']);
    expect(startedLocales(translations, FIELDS)).toEqual(['en', 'ja']);
    expect(completeTranslations(translations, FIELDS)).toEqual({ 'zh-CN': full });
  });

  it('reads and writes datetime-local values on the staff member’s clock (ADR 0031), not in UTC', () => {
    expect(zonedInputOf('2026-02-01T00:30:00.000Z', 'Asia/Shanghai')).toBe('2026-02-01T08:30');
    expect(isoOfZonedInput('2026-02-01T08:30', 'Asia/Shanghai')).toBe('2026-02-01T00:30:00.000Z');
    // Paris: UTC+1 in winter, UTC+2 in summer
    expect(zonedInputOf('2026-01-15T09:00:00.000Z', 'Europe/Paris')).toBe('2026-01-15T10:00');
    expect(isoOfZonedInput('2026-07-15T10:00', 'Europe/Paris')).toBe('2026-07-15T08:00:00.000Z');
    expect(isoOfZonedInput('2026-02-01T08:30', 'America/Sao_Paulo')).toBe('2026-02-01T11:30:00.000Z');
    expect(zonedInputOf(null, 'Asia/Shanghai')).toBe('');
    expect(isoOfZonedInput('', 'Asia/Shanghai')).toBeNull();
  });
});
