/** Questions and answers as native disclosures: keyboard and screen-reader friendly, no script. */
export function FaqList({ items }: { items: readonly { key: string; question: string; answer: string }[] }) {
  return (
    <div className="divide-y divide-line rounded-card border border-line bg-canvas">
      {items.map((item) => (
        <details key={item.key} className="group px-5 py-4">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-medium text-ink [&::-webkit-details-marker]:hidden">
            {item.question}
            <span aria-hidden="true" className="text-xl leading-none text-ink-muted transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="mt-2 leading-relaxed text-ink-muted">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
