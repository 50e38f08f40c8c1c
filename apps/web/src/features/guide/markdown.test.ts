import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists, tables and code', () => {
    const html = renderMarkdown('## Steps\n\n1. One\n2. Two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n`code`');
    expect(html).toContain('<h2>Steps</h2>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<table>');
    expect(html).toContain('<code>code</code>');
  });

  it('escapes raw HTML instead of passing it through', () => {
    expect(renderMarkdown('<script>alert(1)</script>')).not.toContain('<script>');
  });

  it('localizes site links and leaves external ones', () => {
    const html = renderMarkdown('[Guide](/guide/account) and [site](https://example.com)', (href) => `/ja${href}`);
    expect(html).toContain('<a href="/ja/guide/account">Guide</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">site</a>');
  });
});
