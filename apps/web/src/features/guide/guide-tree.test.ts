import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findGuideNode, guideHref, guideTree, listGuidePaths } from './guide-tree';

describe('guide tree', () => {
  it('has the ten sections of the spec in order', () => {
    expect(guideTree.map((node) => node.key)).toEqual([
      'quickStart',
      'account',
      'remoteControl',
      'deviceManagement',
      'screenWall',
      'security',
      'clientSettings',
      'batchDeployment',
      'purchaseBenefits',
      'support',
    ]);
  });

  it('gives Purchase & Benefits its five sub-topics', () => {
    expect(findGuideNode(['purchase-benefits'])?.node.children.map((node) => node.slug)).toEqual([
      'remote-channel',
      'membership',
      'screen-wall-purchase',
      'allocation',
      'redemption-code',
    ]);
  });

  it('finds nodes at any depth with their breadcrumb trail', () => {
    const match = findGuideNode(['purchase-benefits', 'redemption-code']);
    expect(match?.node.key).toBe('redemptionCode');
    expect(match?.trail.map((node) => node.key)).toEqual(['purchaseBenefits', 'redemptionCode']);
    expect(guideHref(match!.trail)).toBe('/guide/purchase-benefits/redemption-code');
    expect(findGuideNode(['security'])?.trail).toHaveLength(1);
  });

  it('rejects unknown and partial-unknown slugs', () => {
    expect(findGuideNode([])).toBeNull();
    expect(findGuideNode(['nope'])).toBeNull();
    expect(findGuideNode(['security', 'membership'])).toBeNull();
    expect(findGuideNode(['purchase-benefits', 'membership', 'extra'])).toBeNull();
  });

  it('lists every path once, parents first', () => {
    const paths = listGuidePaths().map((path) => path.join('/'));
    expect(paths).toHaveLength(15);
    expect(new Set(paths).size).toBe(15);
    expect(paths.indexOf('purchase-benefits')).toBeLessThan(paths.indexOf('purchase-benefits/membership'));
  });

  it('uses kebab-case slugs and camelCase keys', () => {
    for (const path of listGuidePaths()) {
      const { node } = findGuideNode(path)!;
      expect(node.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(node.key).toMatch(/^[a-z][a-zA-Z]*$/);
    }
  });
});

describe('guide messages', () => {
  const { GuidePage } = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../messages/zh-CN/pages.json'), 'utf8')) as {
    GuidePage: Record<'sections' | 'topics', Record<string, { title: string; summary: string }>>;
  };

  it('has a title and summary for every section and topic of the tree, and nothing else', () => {
    const sections = guideTree.map((node) => node.key);
    const topics = guideTree.flatMap((node) => node.children.map((child) => child.key));
    expect(Object.keys(GuidePage.sections)).toEqual(sections);
    expect(Object.keys(GuidePage.topics)).toEqual(topics);
    for (const entry of [...Object.values(GuidePage.sections), ...Object.values(GuidePage.topics)]) {
      expect(entry.title).toBeTruthy();
      expect(entry.summary).toBeTruthy();
    }
  });
});
