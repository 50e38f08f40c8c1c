// Button looks of the cloud-PC page's interactive parts, the same as ButtonLink's (features/site).
const base =
  'inline-flex min-h-11 items-center justify-center rounded-control px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-wait disabled:opacity-70';
export const primaryButton = `${base} bg-brand-600 text-white hover:bg-brand-700`;
export const secondaryButton = `${base} border border-line-strong bg-canvas text-ink hover:border-ink-muted hover:bg-surface`;
export const dangerButton = `${base} bg-red-700 text-white hover:bg-red-800`;
export const fieldClass =
  'w-full min-w-0 rounded-control border border-line bg-canvas px-3 text-ink shadow-sm outline-none transition-colors placeholder:text-ink-muted/70 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 aria-invalid:border-red-600';
