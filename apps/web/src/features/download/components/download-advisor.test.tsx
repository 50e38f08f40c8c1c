import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownloadAdvisor, type TAdvisorOptions } from './download-advisor';

// The download page's first offer: the visitor's platform detected in the browser picks the
// offer (the server renders a neutral one); messaging-app browsers get the "open in browser" hint.

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50';

const options: TAdvisorOptions = {
  windows: {
    title: 'LLK Remote for Windows',
    cta: 'Download for Windows',
    href: '/dl/win.exe',
    detail: 'Version 3.2.0',
    card: 'platform-windows',
  },
  iphone: {
    title: 'LLK Remote for iPhone',
    cta: 'Get it on the App Store',
    href: 'https://apps.apple.com/app/llk',
    detail: 'iOS 15 or later',
    card: 'platform-ios',
  },
};

function renderAdvisor(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  return render(
    <DownloadAdvisor options={options} otherVersions="Other versions" inAppHint="Open this page in your browser to download.">
      <p>Choose your device below.</p>
    </DownloadAdvisor>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DownloadAdvisor', () => {
  it('offers the Windows download on Windows, with a link to the other versions', () => {
    renderAdvisor(WINDOWS);
    expect(screen.getByRole('link', { name: 'Download for Windows' }).getAttribute('href')).toBe('/dl/win.exe');
    expect(screen.getByRole('link', { name: 'Other versions' }).getAttribute('href')).toBe('#platform-windows');
    expect(screen.getByTestId('download-advisor').getAttribute('data-platform')).toBe('windows');
    // the neutral offer keeps its place, hidden (visibility: hidden leaves the tab order and the
    // accessibility tree): the box stays as tall as it was before the platform was known
    expect(screen.getByText('Choose your device below.').parentElement?.className).toMatch(/\binvisible\b/);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('offers the App Store on an iPhone and, inside WeChat, says to open the page in the browser', () => {
    renderAdvisor(IPHONE_WECHAT);
    expect(screen.getByRole('link', { name: 'Get it on the App Store' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Open this page in your browser to download.');
  });

  it('keeps the neutral offer for a platform it has nothing for', () => {
    renderAdvisor('Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/133.0');
    expect(screen.getByText('Choose your device below.').parentElement?.className).not.toMatch(/\binvisible\b/);
    expect(screen.getByTestId('download-advisor').getAttribute('data-platform')).toBe('');
  });
});
