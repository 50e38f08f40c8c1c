/**
 * The marker of a `<details>` whose summary hides the browser's own triangle (`no-marker`): a
 * chevron that turns over while the `group` details is open. Decorative; the summary names it.
 */
export function DisclosureChevron({ className = 'size-5 text-ink-muted' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={`shrink-0 fill-current transition-transform group-open:rotate-180 ${className}`}>
      <path d="M5.3 7.3 10 12l4.7-4.7 1.1 1.1L10 14.2 4.2 8.4z" />
    </svg>
  );
}
