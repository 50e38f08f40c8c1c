import { type TButtonLook, buttonClass } from '@/components/ui/button';
import { Link, type TLinkProps } from '@/i18n/navigation';

type ButtonLinkProps = TLinkProps & TButtonLook;

/** An internal link styled as a button (calls to action). */
export function ButtonLink({ variant, size, block, className = '', ...props }: ButtonLinkProps) {
  return <Link {...props} className={buttonClass({ variant, size, block }, className)} />;
}

/** An inline text link (the focus ring is the global :focus-visible style). */
export function TextLink({ className = '', ...props }: TLinkProps) {
  return <Link {...props} className={`font-medium text-brand-700 underline-offset-4 hover:underline ${className}`} />;
}
