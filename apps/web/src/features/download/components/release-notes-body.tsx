import { parseNotes } from '../release-notes';

/** Release notes (Markdown subset) as lists and paragraphs. */
export function ReleaseNotesBody({ notes, lang }: { notes: string; lang?: string }) {
  return (
    <div lang={lang} className="space-y-2 leading-relaxed text-ink-soft">
      {parseNotes(notes).map((block, index) =>
        block.type === 'list' ? (
          <ul key={index} className="list-disc space-y-1 ps-5">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
    </div>
  );
}
