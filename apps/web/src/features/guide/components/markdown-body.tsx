import './markdown-body.css';

/** Server-rendered Markdown HTML with the site's typography (headings, lists, code, tables). */
export function MarkdownBody({ html, lang, className = '' }: { html: string; lang?: string; className?: string }) {
  return <div lang={lang} className={`markdown-body ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
