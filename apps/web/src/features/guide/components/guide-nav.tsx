import { getTranslations } from 'next-intl/server';
import type { TLocale } from '@llk/contracts';
import { Link } from '@/i18n/navigation';
import { guideHref, guideTree, type GuideNode } from '../guide-tree';

/** Side navigation over the whole guide tree; the open page is marked aria-current. */
export async function GuideNav({ locale, currentPath }: { locale: TLocale; currentPath: string }) {
  const t = await getTranslations({ locale, namespace: 'GuidePage' });

  function item(node: GuideNode, trail: readonly GuideNode[], depth: number) {
    const nodeTrail = [...trail, node];
    const href = guideHref(nodeTrail);
    const current = href === currentPath;
    const label = depth === 0 ? t(`sections.${node.key}.title`) : t(`topics.${node.key}.title`);
    return (
      <li key={node.slug}>
        <Link
          href={href}
          aria-current={current ? 'page' : undefined}
          className={`block rounded-lg px-3 py-2 text-sm ${
            current ? 'bg-brand-50 font-semibold text-brand-800' : 'text-ink-soft hover:bg-surface-raised hover:text-ink'
          }`}
        >
          {label}
        </Link>
        {node.children.length > 0 ? (
          <ul className="mt-1 ml-3 border-l border-line pl-2">{node.children.map((child) => item(child, nodeTrail, depth + 1))}</ul>
        ) : null}
      </li>
    );
  }

  return (
    <nav aria-label={t('navLabel')} className="lg:sticky lg:top-6">
      <p className="px-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">{t('navLabel')}</p>
      <ul className="mt-2 space-y-0.5">{guideTree.map((node) => item(node, [], 0))}</ul>
    </nav>
  );
}
