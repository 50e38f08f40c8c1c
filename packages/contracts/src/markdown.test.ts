import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeUrl } from './markdown';

// What a browser would run if it got through: any href/src attribute naming one of these.
const dangerous = /(?:href|src)="\s*(?:javascript|data|vbscript)/i;

describe('renderMarkdown: link and image targets (ADR 0007, "Link targets")', () => {
  const attacks: [string, string][] = [
    ['mixed case', '[a](JaVaScRiPt:alert(1))'],
    ['leading space', '[a]( javascript:alert(1))'],
    ['decimal entity', '[a](&#106;avascript:alert(1))'],
    ['hex entity', '[a](&#x6A;avascript:alert(1))'],
    ['named entity for the colon', '[a](javascript&colon;alert(1))'],
    ['entity tab inside the scheme', '[a](java&#x09;script:alert(1))'],
    ['tab inside the scheme', '[a](<java\tscript:alert(1)>)'],
    ['entity newline inside the scheme', '[a](<java&#10;script:alert(1)>)'],
    ['data: HTML', '[a](data:text/html,<script>alert(1)</script>)'],
    ['data: base64', '[a](DATA:text/html;base64,PHNjcmlwdD4=)'],
    ['vbscript', '[a](vbscript:msgbox(1))'],
    ['autolink', '<javascript:alert(1)>'],
    ['autolink, upper case', '<JAVASCRIPT:alert(1)>'],
    ['reference link', '[x][r]\n\n[r]: javascript:alert(1)'],
    ['reference link, angle brackets and spaces', '[x][r]\n\n[r]: <  javascript:alert(1)>'],
    ['collapsed reference', '[r][]\n\n[r]: vbscript:x'],
    ['image', '![i](javascript:alert(1))'],
    ['image, data: SVG', '![i](data:image/svg+xml,<svg onload=alert(1)>)'],
    ['image by reference', '![i][r]\n\n[r]: JavaScript:alert(1)'],
    ['raw HTML anchor', '<a href="javascript:alert(1)">x</a>'],
    ['raw HTML image', '<img src=x onerror=alert(1)>'],
  ];

  it.each(attacks)('refuses %s', (_name, markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toMatch(dangerous);
    expect(html).not.toMatch(/<a |<img /);
  });

  it('keeps the text of a refused link and the alt of a refused image', () => {
    expect(renderMarkdown('[click me](javascript:alert(1))')).toBe('<p>click me</p>\n');
    expect(renderMarkdown('![a cat](data:image/png;base64,AAAA)')).toBe('<p>a cat</p>\n');
  });

  const good: [string, string, string][] = [
    ['http', '[a](http://example.com/x)', '<a href="http://example.com/x" rel="noopener noreferrer">a</a>'],
    ['https, upper case', '[a](HTTPS://example.com)', '<a href="HTTPS://example.com" rel="noopener noreferrer">a</a>'],
    ['mailto', '[a](mailto:help@example.com)', '<a href="mailto:help@example.com">a</a>'],
    ['relative', '[a](guide/account)', '<a href="guide/account">a</a>'],
    ['anchor', '[a](#pricing)', '<a href="#pricing">a</a>'],
    ['site path', '[a](/path?x=1&y=2)', '<a href="/path?x=1&amp;y=2">a</a>'],
    [
      'reference to https',
      '[a][r]\n\n[r]: https://example.com "Home"',
      '<a href="https://example.com" title="Home" rel="noopener noreferrer">a</a>',
    ],
    ['autolink https', '<https://example.com>', '<a href="https://example.com" rel="noopener noreferrer">https://example.com</a>'],
    ['image https', '![logo](https://example.com/logo.png)', '<img src="https://example.com/logo.png" alt="logo">'],
    ['image relative', '![logo](/img/logo.png)', '<img src="/img/logo.png" alt="logo">'],
  ];

  it.each(good)('keeps %s', (_name, markdown, expected) => {
    expect(renderMarkdown(markdown)).toContain(expected);
  });
});

describe('safeUrl', () => {
  it('judges the target a browser would follow', () => {
    expect(safeUrl('\u0000\u001f javascript:alert(1)')).toBeNull();
    expect(safeUrl('j\na\rv\tascript:alert(1)')).toBeNull();
    expect(safeUrl('&#0000106;avascript:alert(1)')).toBeNull();
    expect(safeUrl('  https://example.com  ')).toBe('https://example.com');
    // a colon after a slash is a path, not a scheme
    expect(safeUrl('/a/b:c')).toBe('/a/b:c');
    expect(safeUrl('https://a.b/?x=1&amp;y=2')).toBe('https://a.b/?x=1&y=2');
  });
});
