import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultLocale, locales } from '@llk/contracts';
import { describe, expect, it } from 'vitest';

// Every locale has exactly the keys of zh-CN in each web message file, none empty, and the
// same ICU arguments ({name}, {year}, …) in each message.

const dir = path.resolve(import.meta.dirname, '../messages');
const FILES = readdirSync(path.join(dir, defaultLocale)).filter((file) => file.endsWith('.json'));

type Tree = { [key: string]: string | Tree };

function load(locale: string, file: string): Tree {
  return JSON.parse(readFileSync(path.join(dir, locale, file), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, name)) out.set(k, v);
    } else {
      out.set(name, value);
    }
  }
  return out;
}

/** Top-level argument names of an ICU message: {name}, {count, plural, …} → name, count. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  let depth = 0;
  for (let i = 0; i < message.length; i++) {
    const char = message[i];
    if (char === '{') {
      if (depth === 0) {
        const match = /^\{\s*([A-Za-z0-9_]+)/.exec(message.slice(i));
        if (match?.[1]) names.add(match[1]);
      }
      depth++;
    } else if (char === '}') {
      depth = Math.max(0, depth - 1);
    }
  }
  return [...names].sort();
}

for (const file of FILES) {
  describe(`messages/<locale>/${file}`, () => {
    const reference = flatten(load(defaultLocale, file));

    for (const locale of locales) {
      it(`${locale} has the keys of ${defaultLocale}, all non-empty strings`, () => {
        const messages = flatten(load(locale, file));
        const missing = [...reference.keys()].filter((key) => !messages.has(key));
        const extra = [...messages.keys()].filter((key) => !reference.has(key));
        const empty = [...messages].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
        expect({ missing, extra, empty }).toEqual({ missing: [], extra: [], empty: [] });
      });

      it(`${locale} uses the same ICU arguments as ${defaultLocale}`, () => {
        const messages = flatten(load(locale, file));
        const mismatched = [...reference]
          .filter(([key, value]) => typeof value === 'string' && typeof messages.get(key) === 'string')
          .filter(([key, value]) => argumentsOf(value as string).join() !== argumentsOf(messages.get(key) as string).join())
          .map(([key]) => key);
        expect(mismatched).toEqual([]);
      });
    }
  });
}

describe('spec message keys', () => {
  it.each(locales)('%s defines app.title.1, footer.name, share.title and share.desc', (locale) => {
    const messages = flatten(load(locale, 'common.json'));
    for (const key of ['app.title.1', 'footer.name', 'share.title', 'share.desc']) expect(messages.get(key), key).toBeTruthy();
  });
});

describe('message files', () => {
  it('are the same set in every locale', () => {
    for (const locale of locales) {
      expect(
        readdirSync(path.join(dir, locale))
          .filter((file) => file.endsWith('.json'))
          .sort(),
        locale,
      ).toEqual([...FILES].sort());
    }
  });

  it('never share a namespace (they are merged into one object)', () => {
    const contracts = Object.keys(
      JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../packages/contracts/messages/zh-CN.json'), 'utf8')),
    );
    const owners = new Map<string, string>(contracts.map((ns) => [ns, 'contracts']));
    const clashes: string[] = [];
    for (const file of FILES) {
      for (const ns of Object.keys(load(defaultLocale, file))) {
        if (owners.has(ns)) clashes.push(`${ns}: ${owners.get(ns)} and ${file}`);
        owners.set(ns, file);
      }
    }
    expect(clashes).toEqual([]);
  });
});
