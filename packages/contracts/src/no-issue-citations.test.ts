import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A reader of the repository cannot open an issue tracker's thread or the numbered sections of
// the specification, so a comment, a JSDoc or a test title says the rule it means in plain words
// and names an ADR (docs/adr/) where a decision is meant. This scans the source under apps/,
// packages/, e2e/ and scripts/ for citations of an issue number or of a spec section by number
// and lists each as file:line. Markdown documents are not scanned: they may name the spec file.

const root = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['apps', 'packages', 'e2e', 'scripts'];
const SOURCE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
// ignored by git (.gitignore): installed, built, generated or thrown away, never committed
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report', 'results']);
const SKIPPED_FILES = /\.tmp\.(?:spec\.ts|mjs)$/;

// Kept precise: a false hit would teach people to ignore the test. RFC sections (RFC 9110 §7.6.1)
// are public documents and stay.
const CITATIONS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'an issue number', pattern: /\b[Ii]ssues? #?\d+\b/ },
  { name: 'a pull-request or issue reference', pattern: /\(#\d+\)/ },
  { name: 'a spec section number', pattern: /\b[Ss]pec(?:ification)?(?:['’]s)? (?:sections? )?\d+(?:\.\d+)*\b/ },
  { name: 'a section sign', pattern: /(?<!RFC \d{3,5} )§ ?\d/ },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(relative);
    return entry.isFile() && SOURCE.test(entry.name) && !SKIPPED_FILES.test(entry.name) ? [relative] : [];
  });
}

function citationsOf(file: string): string[] {
  return readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      CITATIONS.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${file}:${index + 1}: ${name}: ${line.trim()}`),
    );
}

const THIS_FILE = 'packages/contracts/src/no-issue-citations.test.ts';
const files = SCANNED.flatMap(sourceFiles).filter((file) => file !== THIS_FILE);

describe('no issue or spec-section citations in the source', () => {
  it('the patterns find what they are for, and not an RFC section', () => {
    const hits = (...parts: string[]) => {
      // the examples are put together here, so that a grep of the repository does not find them
      const line = parts.join('');
      return CITATIONS.filter(({ pattern }) => pattern.test(line)).map(({ name }) => name);
    };
    expect(hits('// the code lasts 5 minutes (iss', 'ue 12)')).toEqual(['an issue number']);
    expect(hits('// see Iss', 'ues #3 and 4')).toEqual(['an issue number']);
    expect(hits('// fixed in (#', '123)')).toEqual(['a pull-request or issue reference']);
    expect(hits('/** per spe', 'c section 5 */')).toEqual(['a spec section number']);
    expect(hits('// the spe', "c's section 2 order")).toEqual(['a spec section number']);
    expect(hits('// spe', 'c 6.3: five minutes')).toEqual(['a spec section number']);
    expect(hits('// see ', '§', '4.2')).toEqual(['a section sign']);
    expect(hits('/** Hop-by-hop headers (RFC 9110 ', '§', '7.6.1). */')).toEqual([]);
    expect(hits("// the spec's rules: password differs from the username; 3 issues of the magazine")).toEqual([]);
    expect(hits('<dd data-testid="device-spec">24 cores</dd>')).toEqual([]);
  });

  it('no comment, JSDoc or test title cites an issue or a spec section by number', () => {
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap(citationsOf);
    expect(found).toEqual([]);
  });
});
