'use client';

import type { TLocale } from '@llk/contracts/locale-codes';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useAction } from '@/lib/use-action';

// Publish / Unpublish with a question first where the step has a cost: taking an item off the
// site always asks (its page goes, links to it break); publishing a news item not written in
// every language asks too, naming the languages whose visitors will read another one. A
// complete item is published at once.

export function PublishButton({
  published,
  title,
  missing = [],
  languageNames,
  disabled = false,
  onChange,
}: {
  published: boolean;
  /** the item as the question names it */
  title: string;
  /** languages not written (news: a warning before publishing); empty: publish at once */
  missing?: readonly TLocale[];
  languageNames?: Record<TLocale, string>;
  disabled?: boolean;
  onChange: (published: boolean) => Promise<void> | void;
}) {
  const t = useTranslations('AdminEditor');
  const format = useFormatter();
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState(false);
  const { busy, run } = useAction();
  const warnMissing = !published && missing.length > 0;

  async function go() {
    await run(async () => {
      await onChange(!published);
      setAsking(false);
    }, {rethrow: true});
  }

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={disabled || busy}
        onClick={() => (published || warnMissing ? setAsking(true) : void go())}
      >
        {published ? t('unpublish') : t('publish')}
      </Button>
      {/* mounted only while asking: a list holds one button per item, and one question at a time */}
      {asking ? (
        <Dialog open onClose={() => setAsking(false)} titleId={titleId} initialFocus={cancel} testId="publish-confirm">
          <h2 id={titleId} className="text-lg font-semibold">
            {published ? t('unpublishTitle', { title }) : t('publishIncompleteTitle', { title, written: 7 - missing.length })}
          </h2>
          <p className="mt-3 text-sm text-ink-soft">
            {published
              ? t('unpublishHint')
              : t('publishIncompleteHint', {
                  written: 7 - missing.length,
                  languages: format.list(missing.map((locale) => languageNames?.[locale] ?? locale)),
                })}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button
              ref={cancel}
              type="button"
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              onClick={() => setAsking(false)}
            >
              {t('cancel')}
            </button>
            <Button variant={published ? 'danger' : 'primary'} size="sm" disabled={busy} onClick={() => void go()}>
              {published ? t('unpublishConfirm') : t('publishAnyway')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
