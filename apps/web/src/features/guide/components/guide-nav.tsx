import { Link } from '@/i18n/navigation';
import { guideHref, type GuideNode } from '../guide-tree';

/**
 * Side navigation over the whole guide: every section with its topics at any depth. The open
 * page is marked aria-current; the branch that leads to it is open, the others are folded
 * (native <details>, so no script is needed).
 */
export function GuideNav({ tree, current, label }: { tree: readonly GuideNode[]; current: GuideNode; label: string }) {
  const currentHref = guideHref(current);

  function item(node: GuideNode) {
    const href = guideHref(node);
    const isCurrent = href === currentHref;
    const link = (
      <Link
        href={href}
        aria-current={isCurrent ? 'page' : undefined}
        className={`block rounded-lg px-3 py-2 text-sm ${
          isCurrent ? 'bg-brand-50 font-semibold text-brand-800' : 'text-ink-soft hover:bg-surface-raised hover:text-ink'
        }`}
      >
        {node.title}
      </Link>
    );
    if (node.children.length === 0) return <li key={node.slug}>{link}</li>;
    const open = currentHref === href || currentHref.startsWith(`${href}/`);
    return (
      <li key={node.slug}>
        {link}
        {open ? <ul className="mt-1 ml-3 space-y-0.5 border-l border-line pl-2">{node.children.map(item)}</ul> : null}
      </li>
    );
  }

  return (
    <nav aria-label={label} className="lg:sticky lg:top-6">
      <p className="px-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</p>
      <ul className="mt-2 space-y-0.5">{tree.map(item)}</ul>
    </nav>
  );
}
