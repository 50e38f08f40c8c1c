import { buttonClass } from '@/components/ui/button';

interface FiltersToggleProps {
  /** The label, with the number of filters in use (e.g. "Filters (2)"). */
  label: string;
  open: boolean;
  /** The id of the filters' section the button shows and hides. */
  controls: string;
  onToggle: () => void;
  testId: string;
}

/** The phone's button that folds a list's filters away (hidden from lg up, where they always show). */
export function FiltersToggle({ label, open, controls, onToggle, testId }: FiltersToggleProps) {
  return (
    <button
      type="button"
      className={`${buttonClass({ variant: 'secondary', size: 'sm' })} gap-2 lg:hidden`}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      data-testid={testId}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      >
        <path d="M3 5h14M6 10h8M8.5 15h3" />
      </svg>
      {label}
    </button>
  );
}
