'use client';

import { useEffect } from 'react';

/** Sends a visitor on to the log-in page (with redirectUrl back); the link works without JS. */
export function LoginRedirect({ href, prompt, label }: { href: string; prompt: string; label: string }) {
  useEffect(() => {
    window.location.replace(href);
  }, [href]);
  return (
    <div role="status" className="rounded-card border border-line bg-surface p-6 text-ink" data-testid="login-required">
      <p>{prompt}</p>
      <a href={href} className="mt-3 inline-flex min-h-11 items-center rounded-control bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
        {label}
      </a>
    </div>
  );
}
