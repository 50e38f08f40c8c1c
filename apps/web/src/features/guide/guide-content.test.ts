import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { locales } from '@llk/contracts/locales';
import { describe, expect, it } from 'vitest';
import { getGuideTree, parseFrontMatter, readGuideSources, toGuideSource } from './guide-content';
import { buildGuideTree, findGuideNode, flattenGuide } from './guide-tree';

describe('parseFrontMatter', () => {
  it('reads quoted and bare values and returns the body', () => {
    const { data, body } = parseFrontMatter('---\ntitle: "Log in: two ways"\ndescription: Plain text\norder: 3\n---\n\nHello\n');
    expect(data).toEqual({ title: 'Log in: two ways', description: 'Plain text', order: '3' });
    expect(body.trim()).toBe('Hello');
  });

  it('leaves a file without front matter as body', () => {
    expect(parseFrontMatter('# Title\n')).toEqual({ data: {}, body: '# Title\n' });
  });
});

describe('toGuideSource', () => {
  it('maps _index.md to its folder and keeps the order', () => {
    expect(toGuideSource('en', 'remote-control/input-devices/_index.md', '---\ntitle: Input\norder: 3\n---\nx')).toMatchObject({
      path: ['remote-control', 'input-devices'],
      title: 'Input',
      order: 3,
    });
    expect(toGuideSource('en', 'account/log-in.md', 'x')).toMatchObject({ path: ['account', 'log-in'], order: undefined });
  });

  it('skips files that are not pages', () => {
    expect(toGuideSource('en', '_index.md', 'x')).toBeNull();
    expect(toGuideSource('en', 'README.md', 'x')).toBeNull();
  });
});

describe('content/guide', () => {
  const sources = readGuideSources();

  it('has only locale folders, pages with a title, and kebab-case slugs', () => {
    for (const source of sources) {
      expect(locales as readonly string[]).toContain(source.locale);
      expect(source.title, source.path.join('/')).toBeTruthy();
      for (const segment of source.path) expect(segment).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('gives every locale the same pages, with titles', () => {
    const reference = flattenGuide(getGuideTree('zh-CN')).map((node) => node.path.join('/'));
    for (const locale of locales) {
      const nodes = flattenGuide(getGuideTree(locale));
      expect(nodes.map((node) => node.path.join('/'))).toEqual(reference);
      for (const node of nodes) expect(node.title).not.toBe(node.slug);
    }
  });
});

describe('links between guide pages', () => {
  it('resolve to existing pages in every locale, and the guide cross-references itself', () => {
    let links = 0;
    for (const locale of locales) {
      const tree = getGuideTree(locale);
      for (const node of flattenGuide(tree)) {
        if (node.locale !== locale) continue;
        for (const match of node.body.matchAll(/\]\((\/guide\/[^)#\s]+)(#[^)]*)?\)/g)) {
          links += 1;
          const slug = match[1]!.split('/').slice(2);
          expect(findGuideNode(tree, slug), `${locale} ${node.path.join('/')} → ${match[1]}`).not.toBeNull();
        }
      }
    }
    expect(links).toBeGreaterThan(100);
  });
});

describe('readGuideSources at any depth', () => {
  it('reads nested folders of any depth into slug paths, _index.md as the folder page', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'llk-guide-'));
    try {
      const write = (relative: string, title: string) => {
        mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
        writeFileSync(path.join(dir, relative), `---\ntitle: ${title}\norder: 1\n---\nText of ${title}.\n`);
      };
      write('en/security/_index.md', 'Security');
      write('en/security/access/_index.md', 'Access');
      write('en/security/access/two-factor/_index.md', 'Two-factor');
      write('en/security/access/two-factor/authenticator-apps.md', 'Authenticator apps');
      const tree = buildGuideTree(readGuideSources(dir), 'en');
      const match = findGuideNode(tree, ['security', 'access', 'two-factor', 'authenticator-apps']);
      expect(match?.trail.map((node) => node.title)).toEqual(['Security', 'Access', 'Two-factor', 'Authenticator apps']);
      expect(match?.node.body.trim()).toBe('Text of Authenticator apps.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
