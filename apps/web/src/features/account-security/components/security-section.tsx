import type { ReactNode } from 'react';

/** One panel of the page: a titled card. Other features add theirs (passkeys) the same way. */
export function SecuritySection({ id, title, lede, children }: { id: string; title: string; lede?: string | undefined; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="space-y-4 rounded-card border border-line p-4 sm:p-6">
      <header className="space-y-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {lede ? <p className="text-sm text-pretty text-ink-muted">{lede}</p> : null}
      </header>
      {children}
    </section>
  );
}
