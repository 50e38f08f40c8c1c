'use client';

import type { TDeviceGroupList } from '@llk/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import type { TTranslate } from '@/lib/texts';
import { toast } from '@/lib/toast';
import { createGroup, deleteGroup, renameGroup } from '../devices-api';
import { GROUP_NAME_MAX, type TScope, textError } from '../rules';
import { useAction } from '@/lib/use-action';

// The groups beside the list (a column from `lg`, a row of chips that scrolls sideways on
// phones): all devices, each group with its online and device counts, the ungrouped ones and
// those shared with me. New, rename and delete work in dialogs, which show the API's refusal
// (a name already taken) inside themselves.

type TEdit = { kind: 'create' } | { kind: 'rename'; id: string; name: string } | { kind: 'delete'; id: string; name: string };

interface TGroupNavProps {
  groups: TDeviceGroupList;
  scope: TScope;
  onScope: (scope: TScope) => void;
  /** after a group was created, renamed or deleted */
  onChanged: (deletedId?: string) => void;
  t: TTranslate;
  validation: Record<string, string>;
  network: string;
  /** BCP 47 tag of the page's language, for the counts */
  tag: string;
}

const chip =
  'flex min-h-11 shrink-0 items-center justify-between gap-3 rounded-control border border-line px-3 py-2 text-left text-sm font-medium text-ink-soft transition-colors hover:bg-surface-raised aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50 aria-[current=true]:text-brand-700 lg:border-transparent lg:w-full';

export function GroupNav({ groups, scope, onScope, onChanged, t, validation, network, tag }: TGroupNavProps) {
  const [edit, setEdit] = useState<TEdit | null>(null);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, run, error: failure, setError: setFailure } = useAction();
  const titleId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);

  // every count in one form, "online of total", the numbers in the page's language
  const number = new Intl.NumberFormat(tag);
  const count = (online: number, total: number) => t('groups.count', { online: number.format(online), total: number.format(total) });
  const current = (candidate: TScope) =>
    candidate.kind === scope.kind && (candidate.kind !== 'group' || (scope.kind === 'group' && scope.id === candidate.id))
      ? true
      : undefined;
  const selected = scope.kind === 'group' ? groups.list.find((group) => group.id === scope.id) : undefined;

  function open(next: TEdit) {
    setEdit(next);
    setName(next.kind === 'rename' ? next.name : '');
    setTouched(false);
    setFailure(null);
  }

  const invalid = edit && edit.kind !== 'delete' ? textError(name, GROUP_NAME_MAX) : null;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!edit || edit.kind === 'delete' || invalid || busy) return;
    await run(
      async () => {
        if (edit.kind === 'create') {
          const group = await createGroup(name.trim(), network);
          toast.success(t('groups.created'));
          setEdit(null);
          onChanged();
          onScope({ kind: 'group', id: group.id });
        } else {
          await renameGroup(edit.id, name.trim(), network);
          toast.success(t('groups.renamed'));
          setEdit(null);
          onChanged();
        }
      },
      { inline: (error) => (error instanceof Error ? error.message : network) },
    );
  }

  async function remove() {
    if (!edit || edit.kind !== 'delete' || busy) return;
    await run(
      async () => {
        await deleteGroup(edit.id, network);
        toast.success(t('groups.deleted'));
        const { id } = edit;
        setEdit(null);
        onChanged(id);
      },
      { inline: (error) => (error instanceof Error ? error.message : network) },
    );
  }

  return (
    <nav aria-label={t('groups.label')} data-testid="device-groups" className="min-w-0">
      <h2 className="sr-only lg:not-sr-only lg:mb-2 lg:text-sm lg:font-semibold lg:text-ink-muted">{t('groups.label')}</h2>
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] sm:-mx-6 sm:px-6 lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0">
        <li className="shrink-0">
          <button
            type="button"
            className={chip}
            aria-current={current({ kind: 'all' })}
            onClick={() => onScope({ kind: 'all' })}
            data-testid="group-all"
          >
            {t('groups.all')}
          </button>
        </li>
        {groups.list.map((group) => (
          <li key={group.id} className="shrink-0">
            <button
              type="button"
              className={`${chip} lg:flex-col lg:items-start lg:gap-0`}
              aria-current={current({ kind: 'group', id: group.id })}
              onClick={() => onScope({ kind: 'group', id: group.id })}
              data-testid="group"
              data-group-id={group.id}
            >
              <span className="max-w-[12rem] truncate lg:max-w-full">{group.name}</span>
              <span className="text-xs font-normal whitespace-nowrap text-ink-muted tabular-nums" data-testid="group-count">
                {count(group.onlineCount, group.deviceCount)}
              </span>
            </button>
          </li>
        ))}
        <li className="shrink-0">
          <button
            type="button"
            className={chip}
            aria-current={current({ kind: 'ungrouped' })}
            onClick={() => onScope({ kind: 'ungrouped' })}
            data-testid="group-ungrouped"
          >
            <span>{t('groups.ungrouped')}</span>
            <span className="text-xs font-normal whitespace-nowrap text-ink-muted tabular-nums" data-testid="group-count">
              {count(groups.ungroupedOnlineCount, groups.ungroupedCount)}
            </span>
          </button>
        </li>
        <li className="shrink-0">
          <button
            type="button"
            className={chip}
            aria-current={current({ kind: 'shared' })}
            onClick={() => onScope({ kind: 'shared' })}
            data-testid="group-shared"
          >
            {t('groups.shared')}
          </button>
        </li>
      </ul>
      <div className="mt-3 flex flex-wrap gap-2 lg:flex-col">
        <Button variant="secondary" size="sm" onClick={() => open({ kind: 'create' })} data-testid="group-create">
          {t('groups.create')}
        </Button>
        {selected ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => open({ kind: 'rename', id: selected.id, name: selected.name })}
              data-testid="group-rename"
            >
              {t('groups.rename')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => open({ kind: 'delete', id: selected.id, name: selected.name })}
              data-testid="group-delete"
            >
              {t('groups.delete')}
            </Button>
          </>
        ) : null}
      </div>

      <Dialog
        open={edit !== null}
        onClose={() => setEdit(null)}
        titleId={titleId}
        initialFocus={edit?.kind === 'delete' ? keepRef : undefined}
        testId="group-dialog"
      >
        {edit?.kind === 'delete' ? (
          <>
            <h3 id={titleId} className="text-lg font-semibold text-ink">
              {t('groups.deleteTitle', { name: edit.name })}
            </h3>
            <p className="mt-2 text-sm text-ink-muted">{t('groups.deleteBody')}</p>
            {failure ? (
              <p role="alert" className="mt-3 text-sm text-red-700">
                {failure}
              </p>
            ) : null}
            <div className="mt-5 flex flex-wrap justify-end gap-3">
              <button ref={keepRef} type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => setEdit(null)}>
                {t('groups.keep')}
              </button>
              <button
                type="button"
                className={buttonClass({ variant: 'danger' })}
                aria-disabled={busy || undefined}
                onClick={() => void remove()}
                data-testid="group-delete-confirm"
              >
                {t('groups.deleteConfirm')}
              </button>
            </div>
          </>
        ) : edit ? (
          <form onSubmit={(event) => void save(event)} noValidate>
            <h3 id={titleId} className="text-lg font-semibold text-ink">
              {edit.kind === 'create' ? t('groups.createTitle') : t('groups.renameTitle', { name: edit.name })}
            </h3>
            <TextField
              className="mt-4"
              label={t('groups.nameLabel')}
              name="groupName"
              value={name}
              maxLength={GROUP_NAME_MAX + 16}
              autoComplete="off"
              error={touched && invalid ? (validation[invalid] ?? invalid) : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            {failure ? (
              <p role="alert" className="mt-3 text-sm text-red-700" data-testid="group-dialog-error">
                {failure}
              </p>
            ) : null}
            <div className="mt-5 flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => setEdit(null)}>
                {t('groups.cancel')}
              </Button>
              <Button type="submit" aria-disabled={busy || undefined} data-testid="group-save">
                {t('groups.save')}
              </Button>
            </div>
          </form>
        ) : null}
      </Dialog>
    </nav>
  );
}
