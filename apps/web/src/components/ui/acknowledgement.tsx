import type { ReactNode, Ref } from 'react';
import { buttonClass } from './button';

/**
 * What a form shows once it was received: a heading, what happens next, the reference to quote,
 * and a way to write another. Focusable (tabIndex -1) so the caller can move focus to it. The
 * heading comes phrase-broken from the server page (lib/phrases.tsx) where it can be Chinese or Japanese.
 */
export function Acknowledgement({
  ref,
  testId,
  heading,
  body,
  referenceLabel,
  reference,
  referenceTestId,
  againLabel,
  onAgain,
}: {
  ref?: Ref<HTMLDivElement>;
  testId: string;
  heading: ReactNode;
  body: string;
  referenceLabel: string;
  reference: string;
  referenceTestId: string;
  againLabel: string;
  onAgain: () => void;
}) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="max-w-2xl rounded-card border border-green-200 bg-green-50 p-6 outline-none"
      data-testid={testId}
    >
      <h3 className="text-lg font-semibold text-balance break-keep text-success">{heading}</h3>
      <p className="mt-2 text-ink">{body}</p>
      <p className="mt-2 text-ink">
        {referenceLabel}{' '}
        <strong className="font-mono" data-testid={referenceTestId}>
          {reference}
        </strong>
      </p>
      <button type="button" className={buttonClass({ variant: 'secondary' }, 'mt-4')} onClick={onAgain}>
        {againLabel}
      </button>
    </div>
  );
}
