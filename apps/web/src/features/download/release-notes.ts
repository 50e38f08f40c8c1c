// Release notes arrive as a small Markdown subset (bullet lists and paragraphs). Rendering them
// needs no Markdown library: blocks of "- " lines become lists, other runs of lines paragraphs.

type TNotesBlock = { type: 'list'; items: string[] } | { type: 'paragraph'; text: string };

export function parseNotes(markdown: string): TNotesBlock[] {
  const blocks: TNotesBlock[] = [];
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const last = blocks.at(-1);
    if (!line) {
      blocks.push({ type: 'paragraph', text: '' });
      continue;
    }
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    if (bullet) {
      if (last?.type === 'list') last.items.push(bullet[1]!);
      else blocks.push({ type: 'list', items: [bullet[1]!] });
    } else if (last?.type === 'paragraph' && last.text) {
      last.text = `${last.text} ${line}`;
    } else {
      blocks.push({ type: 'paragraph', text: line });
    }
  }
  return blocks.filter((block) => block.type === 'list' || block.text);
}
