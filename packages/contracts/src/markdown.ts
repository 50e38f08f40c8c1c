import { Marked, type RendererObject } from 'marked';

// Markdown → HTML for text we publish ourselves (guide files; news and notice bodies from our
// API), rendered on the server only: the web's pages, and the API's back-office preview
// (POST /admin/content/preview) so staff see what the page will show. No Markdown code reaches
// the browser. Raw HTML in the source is shown as text, not passed through.

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** HTML of `markdown`; site-relative links ('/guide/…') go through `localizeHref`. */
export function renderMarkdown(markdown: string, localizeHref: (href: string) => string = (href) => href): string {
  const renderer: RendererObject = {
    html: ({ text }) => escapeHtml(text),
    link({ href, title, tokens }) {
      const local = href.startsWith('/') && !href.startsWith('//');
      const external = /^https?:\/\//i.test(href) ? ' rel="noopener noreferrer"' : '';
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(local ? localizeHref(href) : href)}"${titleAttr}${external}>${this.parser.parseInline(tokens)}</a>`;
    },
  };
  return new Marked({ gfm: true, async: false, renderer }).parse(markdown, { async: false });
}
