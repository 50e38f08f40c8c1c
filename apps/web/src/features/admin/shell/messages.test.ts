import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STAFF_LOCALES } from '@llk/contracts/admin-roles';
import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS } from './nav';
import { ADMIN_MESSAGE_AREAS, loadAdminMessages } from './messages';

// Staff-only texts (messages-admin/<zh-CN|en>/<area>.json): both languages have the same keys,
// none empty, with the same {arguments}; every file is loaded; no two files share a namespace.

const dir = path.resolve(import.meta.dirname, '../../../../messages-admin');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const [k, v] of flatten(value, name)) out.set(k, v);
    else out.set(name, value);
  }
  return out;
}

const load = (locale: string, file: string) => JSON.parse(readFileSync(path.join(dir, locale, file), 'utf8')) as Tree;
const args = (message: string) =>
  [...message.matchAll(/\{\s*([A-Za-z0-9_]+)/g)]
    .map((m) => m[1])
    .sort()
    .join();

describe('messages-admin', () => {
  it('has the same files in zh-CN and en, each one listed in ADMIN_MESSAGE_AREAS', () => {
    for (const locale of STAFF_LOCALES) {
      expect(readdirSync(path.join(dir, locale)).sort(), locale).toEqual(ADMIN_MESSAGE_AREAS.map((area) => `${area}.json`).sort());
    }
  });

  it.each(ADMIN_MESSAGE_AREAS)('%s: en has exactly the keys of zh-CN, non-empty, with the same arguments', (area) => {
    const reference = flatten(load('zh-CN', `${area}.json`));
    const english = flatten(load('en', `${area}.json`));
    expect([...reference.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !reference.has(key))).toEqual([]);
    for (const map of [reference, english])
      expect([...map].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k)).toEqual([]);
    expect([...reference].filter(([key, value]) => args(value) !== args(english.get(key) ?? '')).map(([key]) => key)).toEqual([]);
  });

  it('never shares a namespace between files (they are merged into one object)', () => {
    const owners = new Map<string, string>();
    for (const area of ADMIN_MESSAGE_AREAS) {
      for (const namespace of Object.keys(load('zh-CN', `${area}.json`))) {
        expect(owners.get(namespace), `${namespace} in ${area}`).toBeUndefined();
        owners.set(namespace, area);
      }
    }
  });

  it('names every nav section', async () => {
    for (const locale of STAFF_LOCALES) {
      const shell = (await loadAdminMessages(locale)).AdminShell as { nav: Record<string, string> };
      expect(
        ADMIN_SECTIONS.filter((section) => !shell.nav[section.key]).map((section) => section.key),
        locale,
      ).toEqual([]);
    }
  });
});
