'use client';

import type { TMonitorWall, TMonitorWallList } from '@llk/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { TextLink } from '@/features/site/components/button-link';
import type { TTranslate } from '@/lib/texts';
import { toast } from '@/lib/toast';
import { failureText, saveWall } from '../fleet-api';
import type { TFleetDevice, TFleetTexts } from '../texts';

// The wall editor of /account/walls (walls-panel.tsx), loaded when a wall is opened so the
// page's first load carries only the list: a name, the devices in display order (up/down
// buttons, so ordering works from the keyboard and with a screen reader; the focus stays on the
// moved device) and the devices to add, stopping at the places the account owns. The API's own
// refusal (WALL_LIMIT_EXCEEDED when another tab got there first) is shown in place.

export type TDraft = { id?: string; name: string; deviceIds: string[] };
type TMove = { deviceId: string; direction: 'up' | 'down' };

const NAME_MAX = 64;

/** Devices on the walls other than the one being edited. */
export function othersUsed(list: TMonitorWallList, draft: Pick<TDraft, 'id'>): number {
  const before = draft.id ? (list.walls.find((wall) => wall.id === draft.id)?.deviceIds.length ?? 0) : 0;
  return list.used - before;
}

/** Devices the draft may hold: what is owned minus what the other walls use. */
export function draftCapacity(list: TMonitorWallList, draft: Pick<TDraft, 'id'>): number {
  return Math.max(0, list.owned - othersUsed(list, draft));
}

/** The list with one entry moved one place up or down (unchanged at the ends). */
export function moveDevice(ids: readonly string[], deviceId: string, direction: 'up' | 'down'): string[] {
  const from = ids.indexOf(deviceId);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

interface TWallEditorProps {
  list: TMonitorWallList;
  initial: TDraft;
  devices: TFleetDevice[];
  t: TTranslate;
  /** the page's phrased headings (TFleetTexts) */
  headings: NonNullable<TFleetTexts['headings']>;
  network: string;
  /** how many devices the draft holds now (the page's usage line counts them) */
  onCount: (count: number) => void;
  onSaved: (wall: TMonitorWall) => void;
  onCancel: () => void;
}

export default function WallEditor({ list, initial, devices, t, headings, network, onCount, onSaved, onCancel }: TWallEditorProps) {
  const [draft, setDraft] = useState<TDraft>(initial);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [moved, setMoved] = useState<TMove | null>(null);
  const editorRef = useRef<HTMLFormElement>(null);

  const byId = new Map(devices.map((device) => [device.id, device]));
  const nameOf = (id: string) => byId.get(id)?.name ?? t('unknownDevice');

  // After a move the focus stays on the moved device's button (or its other one at an end).
  useEffect(() => {
    if (!moved) return;
    const row = editorRef.current?.querySelector(`[data-wall-device="${CSS.escape(moved.deviceId)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction}"]`);
    const target = wanted && !wanted.disabled ? wanted : row?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction === 'up' ? 'down' : 'up'}"]`);
    target?.focus();
  }, [moved, draft]);

  // The name field takes the focus when the editor opens.
  useEffect(() => {
    editorRef.current?.querySelector<HTMLInputElement>('input[name="wallName"]')?.focus();
  }, []);

  const count = draft.deviceIds.length;
  useEffect(() => onCount(count), [count, onCount]);

  const nameError = draft.name.trim() === '' ? t('nameRequired') : draft.name.trim().length > NAME_MAX ? t('nameTooLong', { max: NAME_MAX }) : null;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (nameError || busy) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await saveWall({ ...(draft.id ? { id: draft.id } : {}), name: draft.name.trim(), deviceIds: draft.deviceIds }, network);
      toast.success(t('saved'));
      onSaved(saved);
    } catch (failure) {
      setError(failureText(failure, network));
      setBusy(false);
    }
  }

  const capacity = draftCapacity(list, draft);
  const full = draft.deviceIds.length >= capacity;
  const available = devices.filter((device) => !draft.deviceIds.includes(device.id));

  return (
    <form ref={editorRef} onSubmit={(event) => void save(event)} noValidate className="space-y-5 rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6" data-testid="wall-editor">
      <h2 className="text-lg font-semibold text-balance break-keep text-ink">{draft.id ? (headings.editTitle ?? t('editTitle')) : (headings.newTitle ?? t('newTitle'))}</h2>
      <TextField
        label={t('nameLabel')}
        name="wallName"
        value={draft.name}
        maxLength={NAME_MAX + 16}
        autoComplete="off"
        error={touched && nameError ? nameError : undefined}
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
      />

      <div>
        <h3 className="text-base font-semibold text-balance break-keep text-ink">{headings.onWall ?? t('onWall')}</h3>
        <p className="mt-1 text-sm text-ink-muted" data-testid="wall-places">
          {t('places', { count: draft.deviceIds.length, capacity })}
        </p>
        {draft.deviceIds.length === 0 ? (
          <p className="mt-3 text-sm text-ink-muted">{t('emptyWall')}</p>
        ) : (
          <ol className="mt-3 divide-y divide-line rounded-control border border-line" data-testid="wall-order">
            {draft.deviceIds.map((id, index) => (
              <li key={id} className="flex flex-wrap items-center gap-3 p-3" data-wall-device={id}>
                <span className="w-6 shrink-0 text-right text-sm tabular-nums text-ink-muted">{index + 1}</span>
                <span className="min-w-32 flex-1 break-words font-medium text-ink" data-testid="wall-device-name">
                  {nameOf(id)}
                </span>
                <span className="ml-auto flex shrink-0 gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    data-move="up"
                    disabled={index === 0}
                    className="disabled:cursor-not-allowed disabled:opacity-40"
                    aria-label={t('moveUp', { name: nameOf(id) })}
                    onClick={() => {
                      setDraft({ ...draft, deviceIds: moveDevice(draft.deviceIds, id, 'up') });
                      setMoved({ deviceId: id, direction: 'up' });
                    }}
                  >
                    <span aria-hidden="true">↑</span>
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    data-move="down"
                    disabled={index === draft.deviceIds.length - 1}
                    className="disabled:cursor-not-allowed disabled:opacity-40"
                    aria-label={t('moveDown', { name: nameOf(id) })}
                    onClick={() => {
                      setDraft({ ...draft, deviceIds: moveDevice(draft.deviceIds, id, 'down') });
                      setMoved({ deviceId: id, direction: 'down' });
                    }}
                  >
                    <span aria-hidden="true">↓</span>
                  </Button>
                  <Button variant="secondary" size="sm" aria-label={t('removeDevice', { name: nameOf(id) })} onClick={() => setDraft({ ...draft, deviceIds: draft.deviceIds.filter((other) => other !== id) })}>
                    {t('remove')}
                  </Button>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>

      <div>
        <h3 className="text-base font-semibold text-balance break-keep text-ink">{headings.addDevices ?? t('addDevices')}</h3>
        {full ? (
          <p className="mt-1 text-sm text-amber-900" data-testid="wall-full">
            {t('full', { owned: list.owned })}
          </p>
        ) : null}
        {devices.length === 0 ? (
          <p className="mt-3 text-sm text-ink-muted" data-testid="wall-no-devices">
            {t('noDevices')}{' '}
            <TextLink href="/download">{t('download')}</TextLink>
          </p>
        ) : available.length === 0 ? (
          <p className="mt-3 text-sm text-ink-muted">{t('allAdded')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-control border border-line" data-testid="wall-available">
            {available.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-device={device.id}>
                <span className="min-w-0">
                  <span className="block break-words font-medium text-ink">{device.name}</span>
                  <span className="block text-sm text-ink-muted">
                    {device.online ? t('online') : t('offline')}
                    {device.sharedBy ? ` · ${t('sharedBy', { name: device.sharedBy })}` : ''}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={full}
                  className="disabled:cursor-not-allowed disabled:opacity-40"
                  aria-label={t('addDevice', { name: device.name })}
                  onClick={() => setDraft({ ...draft, deviceIds: [...draft.deviceIds, device.id] })}
                >
                  {t('add')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      {error ? (
        <p role="alert" className="rounded-control bg-red-50 p-3 text-sm text-red-800" data-testid="wall-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" aria-disabled={busy || undefined} data-testid="wall-save">
          {busy ? t('saving') : t('save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
