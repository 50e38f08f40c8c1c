import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitchMenu } from './language-switch-menu';

const route = vi.hoisted(() => ({ pathname: '/en/pricing' }));
vi.mock('next/navigation', () => ({ usePathname: () => route.pathname }));

const options = [
  { code: 'zh-CN', name: '简体中文', iso: 'zh-CN' },
  { code: 'en', name: 'English', iso: 'en' },
  { code: 'ja', name: '日本語', iso: 'ja' },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderMenu() {
  return render(<LanguageSwitchMenu current="en" options={options} cookie={{ name: 'llk-lang', maxAge: 31536000 }} label="Language" />);
}

describe('LanguageSwitchMenu', () => {
  it('names each language in its own language and marks the current one', () => {
    renderMenu();
    expect(screen.getByRole('list', { name: 'Language' })).toBeTruthy();
    const japanese = screen.getByText('日本語');
    expect(japanese.getAttribute('lang')).toBe('ja');
    expect(screen.getByText('English', { selector: 'a' }).getAttribute('aria-current')).toBe('true');
  });

  it('points every language at the same page, naming the choice, before any script runs', () => {
    // the server HTML: no query known yet, the proxy saves `lang` if the link is followed as it is
    renderMenu();
    expect(screen.getByText('日本語').getAttribute('href')).toBe('/ja/pricing?lang=ja');
    expect(screen.getByText('简体中文').getAttribute('href')).toBe('/pricing?lang=zh-CN');
  });

  it('points every language at the same page and query once opened', () => {
    window.history.replaceState(null, '', '/en/pricing?from=app');
    const { container } = renderMenu();
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(screen.getByText('日本語').getAttribute('href')).toBe('/ja/pricing?from=app&lang=ja');
    expect(screen.getByText('简体中文').getAttribute('href')).toBe('/pricing?from=app&lang=zh-CN');
  });

  it('saves the cookie before it navigates', () => {
    window.history.replaceState(null, '', '/en/pricing?from=app');
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/en/pricing',
      search: '?from=app',
      protocol: 'http:',
      assign,
    });
    renderMenu();
    fireEvent.click(screen.getByText('日本語'));
    expect(document.cookie).toContain('llk-lang=ja');
    expect(assign).toHaveBeenCalledWith('/ja/pricing?from=app');
  });
});
