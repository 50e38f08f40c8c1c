import type { TLocale } from '@llk/contracts/locale-codes';
import type { ReactNode } from 'react';

// The error pages' frame, as the fatal page's (components/fatal-view.tsx): shared by the part of
// the screen every page loads (error-screen.tsx) and the words loaded when an error shows
// (error-screen-texts.tsx).

export type TErrorScreenProps = { locale: TLocale; onRetry: () => void; withTitle?: boolean };
export type TLoadedScreenProps = Omit<TErrorScreenProps, 'locale'>;

export function Logo() {
  // eslint-disable-next-line @next/next/no-img-element -- a 1 KB SVG needs no image optimisation
  return <img src="/imgs/logo.svg" alt="" width={32} height={32} className="size-8" />;
}

/** The fatal page's frame (components/fatal-view.tsx) around the spec's line; `header` replaces the bare logo. */
export function ErrorFrame({ header = <Logo />, children }: { header?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col bg-linear-to-b from-brand-50/60 to-surface">
      <header className="container-page flex h-(--header-height) items-center">{header}</header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 pb-24 pt-10">
        <div className="w-full max-w-lg text-center">{children ?? <SpecLine />}</div>
      </main>
    </div>
  );
}

/** The spec's line, in English on purpose. */
export function SpecLine() {
  return (
    <p
      lang="en"
      className="mx-auto mt-6 w-fit max-w-full rounded-control border border-line bg-canvas px-4 py-2.5 font-mono text-sm text-ink"
    >
      error
    </p>
  );
}
