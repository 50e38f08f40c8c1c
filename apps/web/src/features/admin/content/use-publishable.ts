import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { adminApi } from '@/features/admin/shell/admin-api';
import { toast } from '@/lib/toast';

// The state of a publishable list (news, notices, releases; the API's publishable factory):
// newest first with "show more" (`next` → `before`), the item open in the editor, and the calls
// that change an item — create, replace, publish, unpublish. An error is toasted by adminApi in
// the staff member's language (the envelope's errmsg) and leaves everything as it was.

type TPage<T> = { items: T[]; next: string | null };
type TResult<T> = { item: T; publication: { revalidateOk: boolean } };

/** What an editor is given: the item (null for a new one) and what it may do with it. */
export interface TEditorBinding<T> {
  item: T | null;
  /** creates or replaces the item with the body (the API's input schema); toasts the outcome */
  onSave: (body: unknown) => Promise<void>;
  /** none until the item is saved */
  onPublish: ((published: boolean) => Promise<void>) | undefined;
  onClose: () => void;
}

export function usePublishable<T extends { id: string; published: boolean }>(path: string, initial: TPage<T>) {
  const t = useTranslations('AdminEditor');
  const [items, setItems] = useState(initial.items);
  const [next, setNext] = useState(initial.next);
  const [editing, setEditing] = useState<T | 'new' | null>(null);

  function upsert(item: T) {
    setItems((list) => (list.some((row) => row.id === item.id) ? list.map((row) => (row.id === item.id ? item : row)) : [item, ...list]));
    // the editor, when open, now shows the item as the API answered it
    setEditing((current) => (current === null ? null : item));
  }

  function done(result: TResult<T>, message: string) {
    upsert(result.item);
    toast.success(message);
    if (!result.publication.revalidateOk) toast.info(t('notRevalidated'));
  }

  async function more() {
    if (!next) return;
    try {
      const page = await adminApi.get<TPage<T>>(path, { query: { before: next } });
      setItems((list) => [...list, ...page.items]);
      setNext(page.next);
    } catch {
      // toasted
    }
  }

  async function setPublished(item: T, published: boolean) {
    try {
      done(
        await adminApi.post<TResult<T>>(`${path}/${item.id}/${published ? 'publish' : 'unpublish'}`),
        t(published ? 'publishedDone' : 'unpublishedDone'),
      );
    } catch {
      // toasted
    }
  }

  async function save(item: T | null, body: unknown) {
    try {
      if (item) {
        done(await adminApi.put<TResult<T>>(`${path}/${item.id}`, { body }), t('saved'));
      } else {
        upsert(await adminApi.post<T>(path, { body }));
        toast.success(t('saved'));
      }
    } catch {
      // toasted
    }
  }

  const item = editing === 'new' ? null : editing;
  const editor: TEditorBinding<T> | null =
    editing === null
      ? null
      : {
          item,
          onSave: (body) => save(item, body),
          onPublish: item ? (published) => setPublished(item, published) : undefined,
          onClose: () => setEditing(null),
        };

  return { items, next, more, editor, edit: setEditing, setPublished };
}

export type TPublishable<T extends { id: string; published: boolean }> = ReturnType<typeof usePublishable<T>>;
