'use client';

import type { TLocale } from '@llk/contracts/locale-codes';
import { type ComponentType, Suspense, lazy } from 'react';
import { ErrorFrame, type TErrorScreenProps, type TLoadedScreenProps } from './error-frame';

// The error pages' screen (ADR 0020), shared by app/global-error.tsx and
// app/[locale]/error.tsx. Both error boundaries are part of every page's first load, so this
// part is only the frame with the spec's line 'error' (the error fallback's text, kept in English like the fatal
// page's "Page Not Found: …"); the heading, explanation, "try again" and links onwards in the
// visitor's language (error-screen-texts.tsx and the language's common.json, about 3.5 KiB gzip)
// are loaded when an error is shown (JS budget, README). If that fails too (a lost connection
// is a common cause of the error), the spec's line stays alone.

const BareScreen = () => <ErrorFrame />;

// One lazy screen per language, kept: a failure stays shown until the visitor reloads the page
// (a render never retries by itself).
const screens = new Map<TLocale, ComponentType<TLoadedScreenProps>>();

function screenIn(locale: TLocale): ComponentType<TLoadedScreenProps> {
  let screen = screens.get(locale);
  if (!screen) {
    screen = lazy<ComponentType<TLoadedScreenProps>>(() =>
      import('./error-screen-texts').then(
        ({ loadErrorScreen }) => loadErrorScreen(locale),
        () => ({ default: BareScreen }),
      ),
    );
    screens.set(locale, screen);
  }
  return screen;
}

/** The error screen in a locale (nothing for crawlers); `withTitle` when it is the whole document. */
export function ErrorScreen({ locale, ...props }: TErrorScreenProps) {
  const Screen = screenIn(locale);
  return (
    <Suspense fallback={<BareScreen />}>
      <Screen {...props} />
    </Suspense>
  );
}
