import { Link, type TLinkProps } from '@/i18n/navigation';

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-line-strong bg-canvas text-ink hover:border-ink-muted hover:bg-surface',
} as const;

type ButtonLinkProps = TLinkProps & { variant?: keyof typeof variants };

/** An internal link styled as a button (calls to action). */
export function ButtonLink({ variant = 'primary', className = '', ...props }: ButtonLinkProps) {
  return (
    <Link
      {...props}
      className={`inline-flex min-h-11 items-center justify-center rounded-control px-5 py-2.5 text-base font-semibold transition-colors ${variants[variant]} ${className}`}
    />
  );
}

/** An inline text link (the focus ring is the global :focus-visible style). */
export function TextLink({ className = '', ...props }: TLinkProps) {
  return (
    <Link {...props} className={`font-medium text-brand-700 underline-offset-4 hover:underline ${className}`} />
  );
}
