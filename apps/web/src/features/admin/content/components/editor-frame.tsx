'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode } from 'react';
import type { TLocale } from '@llk/contracts/locale-codes';
import { Button } from '@/components/ui/button';
import { PublishButton } from './publish-button';
import { useAction } from '@/lib/use-action';

// The frame of every content editor: its heading and the way back to the list, the form (the
// browser checks its required fields before Save), and Save, then Publish or Unpublish once
// the item exists (Unpublish, and Publish of an item not in every language, ask first).

export function EditorFrame({
  title,
  name,
  published,
  canSave = true,
  onSave,
  onPublish,
  onClose,
  itemName,
  missing = [],
  languageNames,
  children,
}: {
  title: string;
  /** test ids: the form is `${name}-editor`, Save `${name}-save` */
  name: string;
  /** whether the saved item is on the site */
  published: boolean;
  canSave?: boolean;
  onSave: () => Promise<void>;
  /** none until the item is saved */
  onPublish: ((published: boolean) => Promise<void>) | undefined;
  onClose: () => void;
  /** the item as the publish question names it (the heading otherwise) */
  itemName?: string;
  /** languages the saved item is not written in: publishing asks first (news) */
  missing?: readonly TLocale[];
  languageNames?: Record<TLocale, string>;
  children: ReactNode;
}) {
  const t = useTranslations('AdminEditor');
  const action = useAction();
  const { busy } = action;

  async function run(save: () => Promise<void>) {
    await action.run(save, { rethrow: true });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(onSave);
  }

  return (
    <form data-testid={`${name}-editor`} onSubmit={submit}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        <Button size="sm" variant="quiet" onClick={onClose}>
          {t('back')}
        </Button>
      </div>
      {children}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button type="submit" disabled={busy || !canSave} data-testid={`${name}-save`}>
          {t('save')}
        </Button>
        {onPublish ? (
          <PublishButton
            published={published}
            title={itemName ?? title}
            missing={missing}
            {...(languageNames ? { languageNames } : {})}
            disabled={busy}
            onChange={(next) => run(() => onPublish(next))}
          />
        ) : null}
      </div>
    </form>
  );
}
