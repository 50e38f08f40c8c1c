// The user guide's structure (spec section 2): ten sections, Purchase & Benefits with five
// sub-topics. Slugs are the URL segments under /guide and, later, the Markdown file names under
// content/guide/<locale>/<section>/<topic>.md. Titles and summaries live in messages
// (pages.json → GuidePage.sections.<key> / GuidePage.topics.<key>), so this file holds no text.

export interface GuideNode {
  /** URL segment, kebab-case. */
  slug: string;
  /** camelCase message key under GuidePage.sections (top level) or GuidePage.topics (children). */
  key: string;
  children: readonly GuideNode[];
}

const leaf = (slug: string, key: string): GuideNode => ({ slug, key, children: [] });

export const guideTree: readonly GuideNode[] = [
  leaf('quick-start', 'quickStart'),
  leaf('account', 'account'),
  leaf('remote-control', 'remoteControl'),
  leaf('device-management', 'deviceManagement'),
  leaf('screen-wall', 'screenWall'),
  leaf('security', 'security'),
  leaf('client-settings', 'clientSettings'),
  leaf('batch-deployment', 'batchDeployment'),
  {
    slug: 'purchase-benefits',
    key: 'purchaseBenefits',
    children: [
      leaf('remote-channel', 'remoteChannel'),
      leaf('membership', 'membership'),
      leaf('screen-wall-purchase', 'screenWallPurchase'),
      leaf('allocation', 'allocation'),
      leaf('redemption-code', 'redemptionCode'),
    ],
  },
  leaf('support', 'support'),
];

export interface GuideMatch {
  node: GuideNode;
  /** The nodes from the top-level section down to `node`, for breadcrumbs. */
  trail: readonly GuideNode[];
}

/** The node at a slug path (['purchase-benefits', 'membership']), or null when unknown. */
export function findGuideNode(slug: readonly string[]): GuideMatch | null {
  if (slug.length === 0) return null;
  const trail: GuideNode[] = [];
  let level: readonly GuideNode[] = guideTree;
  for (const segment of slug) {
    const node = level.find((candidate) => candidate.slug === segment);
    if (!node) return null;
    trail.push(node);
    level = node.children;
  }
  return { node: trail[trail.length - 1]!, trail };
}

/** Every known slug path, parents before their children (for generateStaticParams). */
export function listGuidePaths(nodes: readonly GuideNode[] = guideTree, parent: readonly string[] = []): string[][] {
  return nodes.flatMap((node) => {
    const path = [...parent, node.slug];
    return [path, ...listGuidePaths(node.children, path)];
  });
}

/** The public path of a node trail, e.g. '/guide/purchase-benefits/membership'. */
export function guideHref(trail: readonly GuideNode[]): string {
  return ['/guide', ...trail.map((node) => node.slug)].join('/');
}
