'use client';

import { useEffect } from 'react';
import { buttonClass } from '@/components/ui/button';

/** Sends a visitor on to the log-in page (with redirectUrl back); the link works without JS. */
export function LoginRedirect({ href, prompt, label }: { href: string; prompt: string; label: string }) {
  useEffect(() => {
    window.location.replace(href);
  }, [href]);
  return (
    <div role="status" className="rounded-card border border-line bg-surface p-6 text-ink" data-testid="login-required">
      <p>{prompt}</p>
      <a href={href} className={buttonClass({}, 'mt-3')}>
        {label}
      </a>
    </div>
  );
}
