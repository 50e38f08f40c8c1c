import type { TClientType } from '@llk/contracts';

// One small outline icon per kind of client: a desktop for Windows and Linux, a laptop for
// macOS, a phone, a tablet, and a question mark. Decorative: the platform's name is written
// next to it.

const SHAPES: Record<'desktop' | 'laptop' | 'phone' | 'tablet' | 'other', string> = {
  desktop: 'M3 4h18v12H3z M8 20h8 M12 16v4',
  laptop: 'M5 5h14v10H5z M2 19h20',
  phone: 'M7 2h10v20H7z M11 18h2',
  tablet: 'M4 3h16v18H4z M11 18h2',
  other: 'M9.1 9a3 3 0 1 1 4.2 2.7c-.8.4-1.3 1.1-1.3 2v.3 M12 18h.01',
};

const KIND: Record<TClientType, keyof typeof SHAPES> = {
  WIN: 'desktop',
  LINUX: 'desktop',
  MAC: 'laptop',
  ANDROID: 'phone',
  IOS: 'phone',
  ANDROID_PAD: 'tablet',
  IPAD: 'tablet',
  UNKNOWN: 'other',
};

export function PlatformIcon({ clientType }: { clientType: TClientType }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-6 shrink-0 text-ink-soft"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-kind={KIND[clientType]}
    >
      <path d={SHAPES[KIND[clientType]]} />
    </svg>
  );
}
