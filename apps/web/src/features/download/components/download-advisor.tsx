'use client';

import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
import { useVisitorPlatform } from './use-visitor-platform';

/** What the advisor offers one kind of device (texts are formatted on the server). */
export interface TAdvisorOption {
  title: string;
  cta: string;
  href: string;
  detail: string;
  /** anchor of the platform's card, for "other versions" */
  card: string;
}

/** Keys: 'windows' | 'macos' | 'linux' for computers, else the mobile device. */
export type TAdvisorOptions = Partial<
  Record<'windows' | 'macos' | 'linux' | 'androidPhone' | 'androidTablet' | 'iphone' | 'ipad', TAdvisorOption>
>;

interface DownloadAdvisorProps {
  options: TAdvisorOptions;
  otherVersions: string;
  inAppHint: string;
  /** Server-rendered neutral offer, shown until (and unless) the platform is known. */
  children: ReactNode;
}

/**
 * The first offer of the download page: the visitor's platform detected in the browser (the
 * page itself is static and the same for everyone). The box keeps its height, so the swap
 * does not move the page. In messaging-app browsers it adds the "open in your browser" hint.
 */
export function DownloadAdvisor({ options, otherVersions, inAppHint, children }: DownloadAdvisorProps) {
  const { platform, device, inApp } = useVisitorPlatform();
  const key = device === 'desktop' ? platform : device;
  const option = key ? options[key as keyof TAdvisorOptions] : undefined;

  return (
    <div className="w-full max-w-2xl" data-testid="download-advisor" data-platform={option ? platform : ''}>
      {inApp ? (
        <p role="note" className="mb-4 rounded-card border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-relaxed text-amber-900">
          {inAppHint}
        </p>
      ) : null}
      {/* The neutral offer and the detected one share one grid cell, the inactive one hidden:
          the box is as tall as the taller of the two, so detecting the platform moves nothing
          below it unless the detected offer is the taller (Lighthouse's CLS, ADR 0022). */}
      <div className="grid min-h-40 rounded-card border border-line bg-canvas p-5 shadow-card sm:min-h-36">
        <div className={option ? 'invisible col-start-1 row-start-1' : 'col-start-1 row-start-1'}>{children}</div>
        {option ? (
          <div className="col-start-1 row-start-1">
            <p className="font-semibold text-ink">{option.title}</p>
            <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
              <a href={option.href} className={buttonClass()}>
                {option.cta}
              </a>
              <a href={`#${option.card}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                {otherVersions}
              </a>
            </div>
            <p className="mt-3 text-sm text-ink-muted">{option.detail}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
