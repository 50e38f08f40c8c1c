// Button looks of the ambassador panel, the same as ButtonLink's (features/site).
const base =
  'inline-flex min-h-11 items-center justify-center rounded-control px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-wait disabled:opacity-70';
export const primaryButton = `${base} bg-brand-600 text-white hover:bg-brand-700`;
export const secondaryButton = `${base} border border-line-strong bg-canvas text-ink hover:border-ink-muted hover:bg-surface`;
