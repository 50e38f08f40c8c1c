import type { ButtonHTMLAttributes } from 'react';

// The one button look of the site, for <button>s and for links that act as buttons
// (ButtonLink, plain <a>). Server and client components alike: no state, no hooks.

const base = 'inline-flex items-center justify-center rounded-control font-semibold transition-colors';
// A disabled or aria-disabled action button is busy (sending); it says so with the cursor.
const busy = 'disabled:cursor-wait disabled:opacity-70 aria-disabled:opacity-70';

const variants = {
  primary: `bg-brand-600 text-white hover:bg-brand-700 ${busy}`,
  secondary: `border border-line-strong bg-canvas text-ink hover:border-ink-muted hover:bg-surface ${busy}`,
  danger: `bg-red-700 text-white hover:bg-red-800 ${busy}`,
  /** quiet action in the header (log in) */
  quiet: 'border border-line text-ink-soft hover:bg-surface-raised hover:text-ink',
  /** secondary action next to a field (send code) */
  outline:
    'border border-brand-600 bg-canvas text-brand-700 hover:bg-brand-50 disabled:border-line disabled:text-ink-muted disabled:hover:bg-canvas',
} as const;

const sizes = {
  /** in the header bar */
  header: 'h-10 whitespace-nowrap px-3.5 text-sm',
  /** several side by side (download buttons) */
  sm: 'min-h-11 px-4 py-2 text-sm',
  md: 'min-h-11 px-5 py-2.5 text-base',
  /** the one main action of a checkout */
  lg: 'min-h-12 px-5 text-lg',
  /** beside a text field, of its height (send code) */
  field: 'h-11 shrink-0 whitespace-nowrap px-3 text-sm',
} as const;

type TButtonVariant = keyof typeof variants;
type TButtonSize = keyof typeof sizes;
export interface TButtonLook {
  variant?: TButtonVariant;
  size?: TButtonSize;
  /** full width of its container */
  block?: boolean;
}

/** The class list of a button look; extra classes (margins, layout) go after it. */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: TButtonLook = {}, extra = ''): string {
  return [base, sizes[size], variants[variant], block ? 'w-full' : '', extra].filter(Boolean).join(' ');
}

type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & TButtonLook;

/** A <button> with the site's look; type defaults to "button" (forms pass type="submit"). */
export function Button({ variant, size, block, className = '', type = 'button', ...props }: TButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...props} />;
}
