import { describe, expect, it } from 'vitest';
import { buildGuideTree, findGuideNode, flattenGuide, guideHref, listGuidePaths, type GuideSource } from './guide-tree';

const page = (locale: string, path: string, title: string, order?: number): GuideSource => ({
  locale,
  path: path.split('/'),
  title,
  description: `${title} description`,
  order,
  body: `Body of ${title}`,
});

// A small guide: two sections, a topic with sub-topics (depth 3), and gaps in some languages.
const sources: GuideSource[] = [
  page('en', 'quick-start', 'Quick Start', 1),
  page('en', 'quick-start/install', 'Install', 1),
  page('en', 'quick-start/first-connection', 'First connection', 2),
  page('en', 'remote-control', 'Remote Control', 2),
  page('en', 'remote-control/connect', 'Connect', 1),
  page('en', 'remote-control/input-devices', 'Input devices', 2),
  page('en', 'remote-control/input-devices/gamepad', 'Gamepad', 2),
  page('en', 'remote-control/input-devices/keyboard-mouse', 'Keyboard and mouse', 1),
  page('zh-CN', 'quick-start', '快速入门', 1),
  page('zh-CN', 'quick-start/install', '安装', 1),
  page('zh-CN', 'remote-control/audio', '声音', 3),
  page('ja', 'quick-start', 'クイックスタート', 1),
];

describe('buildGuideTree', () => {
  const en = buildGuideTree(sources, 'en');

  it('orders sections and topics by front-matter order', () => {
    expect(en.map((node) => node.slug)).toEqual(['quick-start', 'remote-control']);
    expect(en[0]!.children.map((node) => node.slug)).toEqual(['install', 'first-connection']);
    expect(en[1]!.children.map((node) => node.slug)).toEqual(['connect', 'input-devices', 'audio']);
    expect(en[1]!.children[1]!.children.map((node) => node.title)).toEqual(['Keyboard and mouse', 'Gamepad']);
  });

  it('uses the page of the requested locale, else en, else zh-CN', () => {
    const ja = buildGuideTree(sources, 'ja');
    expect(ja[0]).toMatchObject({ title: 'クイックスタート', locale: 'ja' });
    expect(findGuideNode(ja, ['quick-start', 'install'])?.node).toMatchObject({ title: 'Install', locale: 'en' });
    expect(findGuideNode(ja, ['remote-control', 'audio'])?.node).toMatchObject({ title: '声音', locale: 'zh-CN' });
    const zh = buildGuideTree(sources, 'zh-CN');
    expect(findGuideNode(zh, ['quick-start', 'install'])?.node).toMatchObject({ title: '安装', locale: 'zh-CN' });
    expect(findGuideNode(zh, ['remote-control'])?.node).toMatchObject({ title: 'Remote Control', locale: 'en' });
  });

  it('has the same pages in every locale', () => {
    const paths = (locale: string) => listGuidePaths(buildGuideTree(sources, locale)).map((path) => path.join('/'));
    expect(paths('ko')).toEqual(paths('en'));
    expect(paths('zh-CN')).toEqual(paths('en'));
  });
});

describe('findGuideNode', () => {
  const tree = buildGuideTree(sources, 'en');

  it('finds a depth-3 page with its breadcrumb trail and reading-order neighbours', () => {
    const match = findGuideNode(tree, ['remote-control', 'input-devices', 'gamepad']);
    expect(match?.trail.map((node) => node.title)).toEqual(['Remote Control', 'Input devices', 'Gamepad']);
    expect(guideHref(match!.node)).toBe('/guide/remote-control/input-devices/gamepad');
    expect(match?.previous?.title).toBe('Keyboard and mouse');
    expect(match?.next?.title).toBe('声音');
  });

  it('reads a section before its topics, and across sections', () => {
    expect(findGuideNode(tree, ['remote-control'])?.previous?.title).toBe('First connection');
    expect(findGuideNode(tree, ['remote-control'])?.next?.title).toBe('Connect');
    expect(findGuideNode(tree, ['quick-start'])?.previous).toBeNull();
    expect(findGuideNode(tree, ['remote-control', 'audio'])?.next).toBeNull();
  });

  it('rejects unknown and partly unknown slugs', () => {
    expect(findGuideNode(tree, [])).toBeNull();
    expect(findGuideNode(tree, ['nope'])).toBeNull();
    expect(findGuideNode(tree, ['quick-start', 'gamepad'])).toBeNull();
    expect(findGuideNode(tree, ['remote-control', 'input-devices', 'gamepad', 'extra'])).toBeNull();
  });

  it('lists every path once, parents first', () => {
    const paths = listGuidePaths(tree).map((path) => path.join('/'));
    expect(paths).toHaveLength(flattenGuide(tree).length);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.indexOf('remote-control/input-devices')).toBeLessThan(paths.indexOf('remote-control/input-devices/gamepad'));
  });
});

describe('any depth', () => {
  // Sub-topics may nest further than the shipped guide does (depth 3); nothing assumes a limit.
  const deep: GuideSource[] = [
    page('en', 'security', 'Security', 1),
    page('en', 'security/access', 'Access', 1),
    page('en', 'security/access/two-factor', 'Two-factor', 1),
    page('en', 'security/access/two-factor/authenticator-apps', 'Authenticator apps', 1),
    page('en', 'security/access/two-factor/authenticator-apps/recovery-codes', 'Recovery codes', 1),
    page('en', 'security/access/two-factor/sms', 'SMS', 2),
    page('en', 'support', 'Support', 2),
  ];
  const tree = buildGuideTree(deep, 'en');

  it('finds depth-4 and depth-5 pages with the whole trail and reading-order neighbours', () => {
    const four = findGuideNode(tree, ['security', 'access', 'two-factor', 'authenticator-apps']);
    expect(four?.trail.map((node) => node.title)).toEqual(['Security', 'Access', 'Two-factor', 'Authenticator apps']);
    expect(guideHref(four!.node)).toBe('/guide/security/access/two-factor/authenticator-apps');
    expect(four?.previous?.title).toBe('Two-factor');
    expect(four?.next?.title).toBe('Recovery codes');
    const five = findGuideNode(tree, ['security', 'access', 'two-factor', 'authenticator-apps', 'recovery-codes']);
    expect(five?.trail).toHaveLength(5);
    expect(five?.next?.title).toBe('SMS');
    expect(findGuideNode(tree, ['security', 'access', 'two-factor', 'sms'])?.next?.title).toBe('Support');
  });

  it('lists the deep paths for static generation, parents first', () => {
    expect(listGuidePaths(tree).map((path) => path.join('/'))).toEqual([
      'security',
      'security/access',
      'security/access/two-factor',
      'security/access/two-factor/authenticator-apps',
      'security/access/two-factor/authenticator-apps/recovery-codes',
      'security/access/two-factor/sms',
      'support',
    ]);
  });
});
