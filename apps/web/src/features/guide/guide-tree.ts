// The user guide's structure, built from the Markdown under content/guide/<locale>/… (see
// content/guide/README.md): a folder with `_index.md` is a section (or a topic with sub-topics),
// any other `.md` file a page; front matter gives title, description and order. Pure: the
// files come in as GuideSource records (guide-content.ts reads them from disk).
//
// Language fallback: the guide has one shape for every locale, the union of the pages of all
// locales, so every URL exists in every language. A page missing in a locale is shown from
// the first locale of GUIDE_FALLBACK that has it (en, then zh-CN, then any), and says so.

export interface GuideSource {
  locale: string;
  /** Slug path of the page: ['remote-control'] for remote-control/_index.md. */
  path: readonly string[];
  title?: string;
  description?: string;
  order?: number;
  /** Markdown without the front matter. */
  body: string;
}

export interface GuideNode {
  /** URL segment, kebab-case. */
  slug: string;
  path: readonly string[];
  title: string;
  description: string;
  /** Language the page's text is in (differs from the requested one on a fallback). */
  locale: string;
  body: string;
  children: readonly GuideNode[];
}

const GUIDE_FALLBACK = ['en', 'zh-CN'] as const;

const key = (path: readonly string[]) => path.join('/');

function pickSource(candidates: ReadonlyMap<string, GuideSource>, locale: string): GuideSource | undefined {
  for (const code of [locale, ...GUIDE_FALLBACK]) {
    const found = candidates.get(code);
    if (found) return found;
  }
  return [...candidates.values()].sort((a, b) => a.locale.localeCompare(b.locale))[0];
}

/** The guide tree in `locale`, from the pages of every locale. */
export function buildGuideTree(sources: readonly GuideSource[], locale: string): GuideNode[] {
  const byPath = new Map<string, Map<string, GuideSource>>();
  const childPaths = new Map<string, Set<string>>();
  for (const source of sources) {
    if (source.path.length === 0) continue;
    for (let depth = 1; depth <= source.path.length; depth += 1) {
      const path = source.path.slice(0, depth);
      const parentKey = key(path.slice(0, -1));
      if (!childPaths.has(parentKey)) childPaths.set(parentKey, new Set());
      childPaths.get(parentKey)!.add(key(path));
    }
    const pathKey = key(source.path);
    if (!byPath.has(pathKey)) byPath.set(pathKey, new Map());
    byPath.get(pathKey)!.set(source.locale, source);
  }

  function build(parentKey: string): GuideNode[] {
    const entries = [...(childPaths.get(parentKey) ?? [])].map((pathKey) => {
      const path = pathKey.split('/');
      const source = pickSource(byPath.get(pathKey) ?? new Map(), locale);
      const node: GuideNode = {
        slug: path[path.length - 1]!,
        path,
        title: source?.title ?? path[path.length - 1]!,
        description: source?.description ?? '',
        locale: source?.locale ?? locale,
        body: source?.body ?? '',
        children: build(pathKey),
      };
      return { node, order: source?.order ?? Number.MAX_SAFE_INTEGER };
    });
    entries.sort((a, b) => a.order - b.order || a.node.slug.localeCompare(b.node.slug));
    return entries.map((entry) => entry.node);
  }

  return build('');
}

export interface GuideMatch {
  node: GuideNode;
  /** The nodes from the top-level section down to `node`, for breadcrumbs. */
  trail: readonly GuideNode[];
  /** Neighbours in reading order (a parent before its children, depth first). */
  previous: GuideNode | null;
  next: GuideNode | null;
}

/** Every node in reading order: each section, then its topics, each topic before its sub-topics. */
export function flattenGuide(nodes: readonly GuideNode[]): GuideNode[] {
  return nodes.flatMap((node) => [node, ...flattenGuide(node.children)]);
}

/** The node at a slug path (['purchase-benefits', 'membership']), or null when unknown. */
export function findGuideNode(tree: readonly GuideNode[], slug: readonly string[]): GuideMatch | null {
  if (slug.length === 0) return null;
  const trail: GuideNode[] = [];
  let level = tree;
  for (const segment of slug) {
    const node = level.find((candidate) => candidate.slug === segment);
    if (!node) return null;
    trail.push(node);
    level = node.children;
  }
  const node = trail[trail.length - 1]!;
  const order = flattenGuide(tree);
  const index = order.indexOf(node);
  return { node, trail, previous: order[index - 1] ?? null, next: order[index + 1] ?? null };
}

/** Every slug path, parents before their children (for generateStaticParams). */
export function listGuidePaths(tree: readonly GuideNode[]): string[][] {
  return flattenGuide(tree).map((node) => [...node.path]);
}

/** The public path of a node, e.g. '/guide/purchase-benefits/membership'. */
export function guideHref(node: Pick<GuideNode, 'path'>): string {
  return ['/guide', ...node.path].join('/');
}
