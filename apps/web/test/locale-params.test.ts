import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Paths with a dot never meet the proxy, so /apple-touch-icon.png or /x.php/fatal reach the
// [locale] segment with the file name as the locale. Next renders every layout and the page
// of such a request together, so each one must refuse an unknown locale itself (notFound, a
// 404) instead of reading localeEntries[locale] and crashing into a 500.

const root = path.resolve(import.meta.dirname, '../src/app/[locale]');

function segmentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return segmentFiles(full);
    return /^(page|layout)\.tsx$/.test(entry.name) ? [full] : [];
  });
}

describe('pages and layouts under [locale]', () => {
  const files = segmentFiles(root);

  it('are found', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('validate the locale parameter before using it', () => {
    const unchecked = files.filter((file) => {
      const source = readFileSync(file, 'utf8');
      const readsLocale = /params\)?\.locale|\{ locale \} = await params/.test(source) || /resolveLocale\(/.test(source);
      const validates = /resolveLocale\(|hasLocale\(|isLocale\(/.test(source);
      return readsLocale && !validates;
    });
    expect(unchecked.map((file) => path.relative(root, file))).toEqual([]);
  });
});
