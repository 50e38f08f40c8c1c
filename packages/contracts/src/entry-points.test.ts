import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

// The entry points the browser imports must not reach zod (~33 KiB gzip on a page's first load):
// follows every relative import from each of them and lists the bare packages reached.

const root = path.resolve(import.meta.dirname, '..');
const BROWSER_ENTRIES = [
  './admin-roles',
  './content-figures',
  './locale-codes',
  './locales',
  './rules',
  './cookies',
  './client',
  './phone-countries',
  './errors',
  './order-rules',
];

function packagesReached(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm)) {
    const [, typeOnly, specifier] = match;
    if (typeOnly || !specifier) continue;
    if (!specifier.startsWith('.')) {
      packages.add(specifier);
      continue;
    }
    const target = path.resolve(path.dirname(file), specifier);
    if (target.endsWith('.json')) continue;
    const candidates = [`${target}.ts`, path.join(target, 'index.ts')];
    const resolved = candidates.find((candidate) => {
      try {
        readFileSync(candidate);
        return true;
      } catch {
        return false;
      }
    });
    if (resolved) for (const name of packagesReached(resolved, seen)) packages.add(name);
  }
  return packages;
}

describe('zod-free entry points', () => {
  it.each(BROWSER_ENTRIES)('%s imports no package at run time', (entry) => {
    const target = (packageJson.exports as Record<string, string>)[entry];
    expect(target).toBeDefined();
    expect([...packagesReached(path.resolve(root, target!))]).toEqual([]);
  });

  it('./phone (loaded lazily by phone fields) reaches the metadata but not zod', () => {
    expect([...packagesReached(path.resolve(root, packageJson.exports['./phone']))]).toEqual(['awesome-phonenumber']);
  });

  it('the barrel does reach zod (the check would see it)', () => {
    expect(packagesReached(path.resolve(root, packageJson.exports['.']))).toContain('zod');
  });
});
