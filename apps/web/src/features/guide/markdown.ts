// The one Markdown renderer lives in @llk/contracts/markdown: the back office's preview (API)
// renders exactly as the public pages do.
export { renderMarkdown } from '@llk/contracts/markdown';
