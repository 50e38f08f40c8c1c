import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildGuideTree, type GuideNode, type GuideSource } from './guide-tree';

// Reads content/guide/<locale>/**.md once per process and hands out the tree per locale. Only
// the build reads it (every guide page is prerendered), so the files are kept out of the
// server bundle's file tracing (turbopackIgnore).

/** content/guide, found from the working directory (apps/web under Next, the repo root in tests). */
function findGuideDir(): string | null {
  let dir = process.cwd();
  for (;;) {
    const candidate = path.join(dir, 'content', 'guide');
    if (existsSync(/*turbopackIgnore: true*/ candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** Front matter of the simple `key: value` kind the guide uses (strings, quoted or not; numbers). */
export function parseFrontMatter(text: string): { data: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { data: {}, body: text };
  const data: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) continue;
    let value = pair[2]!.trim();
    if (/^"(.*)"$/.test(value)) {
      try {
        value = JSON.parse(value) as string;
      } catch {
        value = value.slice(1, -1);
      }
    } else if (/^'(.*)'$/.test(value)) value = value.slice(1, -1).replace(/''/g, "'");
    data[pair[1]!] = value;
  }
  return { data, body: text.slice(match[0].length) };
}

/** One Markdown file as a GuideSource; `relative` is its path under the locale folder. */
export function toGuideSource(locale: string, relative: string, text: string): GuideSource | null {
  const segments = relative.replace(/\.md$/, '').split('/');
  if (segments[segments.length - 1] === '_index') segments.pop();
  if (segments.length === 0 || segments.some((segment) => !/^[a-z0-9][a-z0-9-]*$/.test(segment))) return null;
  const { data, body } = parseFrontMatter(text);
  const order = Number(data.order);
  return {
    locale,
    path: segments,
    title: data.title || undefined,
    description: data.description || undefined,
    order: Number.isFinite(order) && data.order !== undefined ? order : undefined,
    body,
  };
}

export function readGuideSources(guideDir: string | null = findGuideDir()): GuideSource[] {
  if (!guideDir) return [];
  const sources: GuideSource[] = [];
  for (const locale of readdirSync(/*turbopackIgnore: true*/ guideDir, { withFileTypes: true })) {
    if (!locale.isDirectory()) continue;
    const root = path.join(guideDir, locale.name);
    for (const entry of readdirSync(/*turbopackIgnore: true*/ root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
      const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      const source = toGuideSource(locale.name, relative, readFileSync(/*turbopackIgnore: true*/ path.join(root, relative), 'utf8'));
      if (source) sources.push(source);
    }
  }
  return sources;
}

let cached: GuideSource[] | null = null;
const trees = new Map<string, GuideNode[]>();

/** The guide in `locale` (with fallbacks for missing pages). */
export function getGuideTree(locale: string): GuideNode[] {
  cached ??= readGuideSources();
  let tree = trees.get(locale);
  if (!tree) {
    tree = buildGuideTree(cached, locale);
    trees.set(locale, tree);
  }
  return tree;
}
