// Stroke icons of the home feature cards (24 × 24, currentColor), decorative.

const paths = {
  privacyScreen: 'M3 5h18v11H3zM8 20h8M12 16v4M9 10.5l2 2 4-4',
  peripherals:
    'M6 11h12a3 3 0 0 1 3 3v1a3 3 0 0 1-5.2 2L14 15h-4l-1.8 2A3 3 0 0 1 3 15v-1a3 3 0 0 1 3-3zM8 13v2M7 14h2M16 13.5h.01M17.5 15h.01M12 11V7a2 2 0 0 1 2-2h2',
  audio: 'M11 5 6 9H3v6h3l5 4zM15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13',
  oneAccount: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20a8 8 0 0 1 16 0',
  deviceGroups: 'M3 4h7v6H3zM14 4h7v6h-7zM3 14h7v6H3zM14 14h7v6h-7z',
  globalChannel: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
} as const;

export type TFeatureIcon = keyof typeof paths;

export function FeatureIcon({ name }: { name: TFeatureIcon }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
