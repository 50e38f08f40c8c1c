import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const nav = vi.hoisted(() => ({
  push: vi.fn(),
  replace: vi.fn(),
  prefetch: vi.fn(),
  params: { locale: 'en' } as Record<string, string>,
  pathname: '/en/about',
}));
vi.mock('next/navigation', () => ({
  useRouter: () => nav,
  useParams: () => nav.params,
  usePathname: () => nav.pathname,
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

  it('navigates in the app to the plain path when there is nothing to carry; replace and scroll as asked', () => {
    setSearch('?other=1');
    render(<Link href="/download">Download</Link>);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByText('Download').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(nav.push).toHaveBeenCalledWith('/en/download', { scroll: true });
    cleanup();
    render(
      <Link href="/pricing" replace scroll={false}>
        Pricing
      </Link>,
    );
    fireEvent.click(screen.getByText('Pricing'));
    expect(nav.replace).toHaveBeenCalledWith('/en/pricing', { scroll: false });
  });

  it('leaves other sites, new tabs and downloads to the browser', () => {
    setSearch('?from=app');
    render(
      <>
        <Link href="https://example.com/x">Elsewhere</Link>
        <Link href="/download" target="_blank">
          New tab
        </Link>
        <Link href="/files/a.zip" download>
          File
        </Link>
      </>,
    );
    // what the link left to the browser, before the test stops the browser's navigation
    const leftToBrowser: boolean[] = [];
    const record = (event: Event) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    for (const name of ['Elsewhere', 'New tab', 'File']) fireEvent.click(screen.getByText(name));
    window.removeEventListener('click', record);
    expect(leftToBrowser).toEqual([true, true, true]);
    expect(screen.getByText('Elsewhere').getAttribute('href')).toBe('https://example.com/x');
    expect(nav.push).not.toHaveBeenCalled();
  });

  it('passes its own click handler the event first, and stops when it prevents the default', () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Link href="/download" onClick={onClick}>
        Download
      </Link>,
    );
    fireEvent.click(screen.getByText('Download'));
    expect(onClick).toHaveBeenCalledOnce();
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
