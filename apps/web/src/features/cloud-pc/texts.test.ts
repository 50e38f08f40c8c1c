import { locales } from '@llk/contracts/locales';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storageSize, validationText, type TCloudPcTexts } from './texts';

const messages = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../messages', locale, file), 'utf8')) as Record<string, unknown>;

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

describe('cloud-PC texts', () => {
  it('shows storage in GB below a whole terabyte', () => {
    expect(storageSize(512)).toEqual({ size: 512, unit: 'GB' });
    expect(storageSize(1024)).toEqual({ size: 1, unit: 'TB' });
    expect(storageSize(4096)).toEqual({ size: 4, unit: 'TB' });
    expect(storageSize(1536)).toEqual({ size: 1536, unit: 'GB' });
  });

  it('resolves contracts’ validation keys', () => {
    const texts = { validation: { required: 'This field is required.' } } as unknown as TCloudPcTexts;
    expect(validationText(texts, 'validation.required')).toBe('This field is required.');
    expect(validationText(texts, 'validation.other')).toBe('validation.other');
    expect(validationText(texts, undefined)).toBeUndefined();
  });

  it('has the same keys and placeholders in every language', () => {
    const reference = messages('en', 'cloud-pc.json');
    const placeholders = (node: unknown): string[] =>
      keys(node).map((key) => {
        const value = key.split('.').reduce<unknown>((n, part) => (n as Record<string, unknown>)[part], node);
        return `${key}:${[...String(value).matchAll(/\{(\w+)\}/g)]
          .map((m) => m[1])
          .sort()
          .join(',')}`;
      });
    for (const locale of locales) {
      const file = messages(locale, 'cloud-pc.json');
      expect(placeholders(file), locale).toEqual(placeholders(reference));
      const page = messages(locale, 'pages.json').CloudPcPage;
      expect(keys(page).sort(), locale).toEqual(keys(messages('en', 'pages.json').CloudPcPage).sort());
    }
  });
});
