import { buttonClass } from '@/components/ui/button';

/** The search box: a plain GET form, so it works without JavaScript and gives shareable ?q= URLs. */
export function SearchForm({
  action,
  query,
  texts,
}: {
  action: string;
  query: string;
  texts: { label: string; placeholder: string; submit: string };
}) {
  return (
    <form role="search" action={action} method="get" className="flex w-full max-w-2xl flex-col gap-3 sm:flex-row">
      <label htmlFor="search-q" className="sr-only">
        {texts.label}
      </label>
      <input
        key={query}
        id="search-q"
        name="q"
        type="search"
        defaultValue={query}
        placeholder={texts.placeholder}
        maxLength={64}
        required
        enterKeyHint="search"
        className="min-h-11 flex-1 rounded-control border border-line-strong bg-canvas px-4 text-base text-ink placeholder:text-ink-muted/70 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600"
      />
      <button type="submit" className={buttonClass()}>
        {texts.submit}
      </button>
    </form>
  );
}
