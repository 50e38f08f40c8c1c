import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AnchorHTMLAttributes } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const nav = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), params: { locale: 'en' } as Record<string, string>, pathname: '/en/about' }));
vi.mock('next/navigation', () => ({
  useRouter: () => nav,
  useParams: () => nav.params,
  usePathname: () => nav.pathname,
}));
// next/link needs a mounted app router; an anchor that honours preventDefault stands in.
vi.mock('next/link', () => ({
  default: ({ href, prefetch: _prefetch, replace: _replace, scroll: _scroll, children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & Record<string, unknown>) => (
    <a href={String(href)} {...props}>
      {children}
    </a>
  ),
}));

import { Link, usePathname, useRouter } from './link';

function setSearch(search: string) {
  window.history.replaceState(null, '', `/en/about${search}`);
}

beforeEach(() => {
  nav.push.mockReset();
  nav.replace.mockReset();
  nav.params = { locale: 'en' };
  document.cookie = 'llk-lang=; Max-Age=0; Path=/';
});
afterEach(cleanup);

describe('Link', () => {
  it('prefixes the current locale and leaves the default locale unprefixed', () => {
    render(<Link href="/download">Download</Link>);
    expect(screen.getByText('Download').getAttribute('href')).toBe('/en/download');
    cleanup();
    nav.params = { locale: 'zh-CN' };
    render(<Link href={{ pathname: '/pricing', query: { tab: 'year' } }}>Pricing</Link>);
    expect(screen.getByText('Pricing').getAttribute('href')).toBe('/pricing?tab=year');
  });

  it('keeps a plain href and carries clientType, redirectUrl and from when followed', () => {
    setSearch('?clientType=WIN&redirectUrl=%2Fpricing&from=app&other=drop');
    render(<Link href="/download">Download</Link>);
    const link = screen.getByText('Download');
    expect(link.getAttribute('href')).toBe('/en/download');
    fireEvent.click(link);
    expect(nav.push).toHaveBeenCalledWith('/en/download?clientType=WIN&redirectUrl=%2Fpricing&from=app', { scroll: true });
  });

  it('lets the link navigate by itself when there is nothing to carry', () => {
    setSearch('?other=1');
    render(<Link href="/download">Download</Link>);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByText('Download').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(nav.push).not.toHaveBeenCalled();
  });

  it('does not interfere with modified clicks', () => {
    setSearch('?from=app');
    render(<Link href="/download">Download</Link>);
    fireEvent.click(screen.getByText('Download'), { ctrlKey: true });
    expect(nav.push).not.toHaveBeenCalled();
  });

  it('links another language and saves the cookie when followed', () => {
    setSearch('');
    render(
      <Link href="/about" locale="zh-CN">
        中文
      </Link>,
    );
    const link = screen.getByText('中文');
    expect(link.getAttribute('href')).toBe('/about');
    fireEvent.click(link);
    expect(document.cookie).toContain('llk-lang=zh-CN');
  });
});

describe('useRouter and usePathname', () => {
  function Probe() {
    const router = useRouter();
    return (
      <button type="button" onClick={() => router.push('/login')}>
        {usePathname()}
      </button>
    );
  }

  it('localizes, carries, and reports the path without the prefix', () => {
    setSearch('?redirectUrl=%2Forder&from=app');
    render(<Probe />);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('/about');
    fireEvent.click(button);
    expect(nav.push).toHaveBeenCalledWith('/en/login?redirectUrl=%2Forder&from=app', {});
  });
});
