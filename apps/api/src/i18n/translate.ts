import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { locales, type TLocale } from '@llk/contracts';

// Stop-gap until @llk/contracts exports translate(): reads messages/<locale>.json of the
// contracts package directly, falling back to English and then to the key itself.

export type TMessageParams = Record<string, string | number>;

const messagesDir = path.dirname(createRequire(import.meta.url).resolve('@llk/contracts/messages/en'));

function load(locale: TLocale): unknown {
  const file = path.join(messagesDir, `${locale}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const catalogue = new Map<TLocale, unknown>(locales.map((locale) => [locale, load(locale)]));

function lookup(messages: unknown, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function hasMessage(key: string): boolean {
  return lookup(catalogue.get('en'), key) !== undefined;
}

export function translate(locale: TLocale, key: string, params?: TMessageParams): string {
  const text = lookup(catalogue.get(locale), key) ?? lookup(catalogue.get('en'), key) ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
