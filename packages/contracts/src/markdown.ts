import { Marked, type RendererObject } from 'marked';

// Markdown → HTML for text we publish ourselves (guide files; news, notice and release-note
// bodies from our API), rendered on the server only: the web's pages, the API's back-office
// preview (POST /admin/content/preview) so staff see what the page will show, and the
// `contentHtml` the API gives apps beside the Markdown (ADR 0007, "Link targets"). No Markdown
// code reaches the browser. Raw HTML in the source is shown as text, not passed through.

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Schemes a link or image may name; anything else with a scheme is refused, relative targets pass. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

// The entities a browser would decode in an attribute, so `&#106;avascript:` is judged as what
// it becomes; unknown named entities stay text (and are escaped, so they stay text there too).
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  period: '.',
  lpar: '(',
  rpar: ')',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The target a browser would follow, or null when its scheme is not allowed. Browsers drop
 * leading and trailing C0 controls and spaces and every tab and newline before reading the
 * scheme, and read it case-insensitively, so the check does the same on the decoded text.
 */
export function safeUrl(href: string): string | null {
  const url = decodeEntities(href)
    // eslint-disable-next-line no-control-regex
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/[\t\n\r]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1];
  if (scheme === undefined) return url;
  return ALLOWED_SCHEMES.has(scheme.toLowerCase()) ? url : null;
}

/** HTML of `markdown`; site-relative links ('/guide/…') go through `localizeHref`. */
export function renderMarkdown(markdown: string, localizeHref: (href: string) => string = (href) => href): string {
  const renderer: RendererObject = {
    html: ({ text }) => escapeHtml(text),
    // one rule for every syntax: inline, autolinks, reference definitions (marked resolves all
    // of them to link and image tokens before rendering)
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      const url = safeUrl(href);
      if (url === null) return text;
      const local = url.startsWith('/') && !url.startsWith('//');
      const external = /^https?:\/\//i.test(url) ? ' rel="noopener noreferrer"' : '';
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(local ? localizeHref(url) : url)}"${titleAttr}${external}>${text}</a>`;
    },
    image({ href, title, text }) {
      const url = safeUrl(href);
      if (url === null) return escapeHtml(text);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}"${titleAttr}>`;
    },
  };
  return new Marked({ gfm: true, async: false, renderer }).parse(markdown, { async: false });
}
