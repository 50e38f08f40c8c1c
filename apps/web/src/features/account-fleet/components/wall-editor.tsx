'use client';

import type { TMonitorWall, TMonitorWallList } from '@llk/contracts';
import { type CSSProperties, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { TextLink } from '@/components/ui/button-link';
import type { TTranslate } from '@/lib/texts';
import { toast } from '@/lib/toast';
import { failureText, saveWall } from '../fleet-api';
import type { TFleetDevice, TFleetTexts } from '../texts';
import { useAction } from '@/lib/use-action';

// The wall editor of /account/walls (walls-panel.tsx), loaded when a wall is opened so the
// page's first load carries only the list: a name, the wall as the grid the apps show (its
// devices in display order, left to right and top to bottom, then its free places) and the
// devices to add, stopping at the places the account owns. A device moves by dragging it onto
// another place, or without dragging (keyboard, a tap, a screen reader): select it (Enter, Space
// or a tap), move it with the arrow keys or tap its new place, put it down with Enter, Space or
// Escape; every step is announced in a live region and the focus stays on the device. The API's
// own refusal (WALL_LIMIT_EXCEEDED when another tab got there first) is shown in place.

export type TDraft = { id?: string; name: string; deviceIds: string[] };

const NAME_MAX = 64;
/** The most cells the grid draws (devices first, then free places). */
const GRID_CELLS_MAX = 16;

/** Devices on the walls other than the one being edited. */
export function othersUsed(list: TMonitorWallList, draft: Pick<TDraft, 'id'>): number {
  const before = draft.id ? (list.walls.find((wall) => wall.id === draft.id)?.deviceIds.length ?? 0) : 0;
  return list.used - before;
}

/** Devices the draft may hold: what is owned minus what the other walls use. */
export function draftCapacity(list: TMonitorWallList, draft: Pick<TDraft, 'id'>): number {
  return Math.max(0, list.owned - othersUsed(list, draft));
}

/** The list with one entry moved to place `to` (clamped to the list; unchanged when unknown). */
export function moveDeviceTo(ids: readonly string[], deviceId: string, to: number): string[] {
  const from = ids.indexOf(deviceId);
  if (from < 0) return [...ids];
  const next = ids.filter((id) => id !== deviceId);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, deviceId);
  return next;
}

/** Where an arrow key takes the device at `index` on a grid of `columns` holding `count` devices (null: not a move). */
export function arrowTarget(key: string, index: number, count: number, columns: number): number | null {
  const to =
    key === 'ArrowLeft'
      ? index - 1
      : key === 'ArrowRight'
        ? index + 1
        : key === 'ArrowUp'
          ? index - columns
          : key === 'ArrowDown'
            ? index + columns
            : key === 'Home'
              ? 0
              : key === 'End'
                ? count - 1
                : null;
  if (to === null) return null;
  return Math.max(0, Math.min(count - 1, to));
}

/** The grid's cells and columns: the devices, then as many free places as fit in GRID_CELLS_MAX; square-ish, at most 4 wide. */
export function gridShape(count: number, capacity: number): { free: number; columns: number } {
  const free = Math.max(0, Math.min(capacity - count, GRID_CELLS_MAX - count));
  const cells = Math.max(1, count + free);
  return { free, columns: Math.min(4, Math.ceil(Math.sqrt(cells))) };
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
  const { busy, run, error } = useAction();
  /** the device selected for a move without dragging */
  const [picked, setPicked] = useState<string | null>(null);
  /** the device being dragged, and the place it is over */
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** the device whose tile takes the focus after the grid changed */
  const [focusId, setFocusId] = useState<string | null>(null);
  const editorRef = useRef<HTMLFormElement>(null);
  const gridRef = useRef<HTMLOListElement>(null);
  const hintId = useId();

  const byId = new Map(devices.map((device) => [device.id, device]));
  const nameOf = (id: string) => byId.get(id)?.name ?? t('unknownDevice');

  // After a move the focus stays on the moved device (React moved its element).
  useEffect(() => {
    if (!focusId) return;
    editorRef.current?.querySelector<HTMLButtonElement>(`[data-wall-device="${CSS.escape(focusId)}"] [data-tile]`)?.focus();
  }, [focusId, draft]);

  // The name field takes the focus when the editor opens.
  useEffect(() => {
    editorRef.current?.querySelector<HTMLInputElement>('input[name="wallName"]')?.focus();
  }, []);

  const count = draft.deviceIds.length;
  useEffect(() => onCount(count), [count, onCount]);

  const place = (id: string, ids = draft.deviceIds) => ({ name: nameOf(id), position: ids.indexOf(id) + 1, count: ids.length });

  function moveTo(id: string, to: number, message: 'movedTo' | 'dropped') {
    const ids = moveDeviceTo(draft.deviceIds, id, to);
    setDraft({ ...draft, deviceIds: ids });
    setFocusId(id);
    setAnnouncement(t(message, place(id, ids)));
  }

  function pick(id: string) {
    setPicked(id);
    setAnnouncement(t('picked', place(id)));
  }

  function putDown(id: string) {
    setPicked(null);
    setAnnouncement(t('dropped', place(id)));
  }

  /** A tap or Enter/Space on a tile: select it, put it down, or move the selected one here. */
  function onTile(id: string) {
    if (picked === null) pick(id);
    else if (picked === id) putDown(id);
    else {
      moveTo(picked, draft.deviceIds.indexOf(id), 'dropped');
      setPicked(null);
    }
  }

  /** The columns the grid shows now (fewer on a phone). */
  function columnsNow(): number {
    const template = gridRef.current ? getComputedStyle(gridRef.current).gridTemplateColumns : '';
    return template && template !== 'none' ? template.split(' ').filter(Boolean).length : 1;
  }

  function onTileKey(event: KeyboardEvent<HTMLButtonElement>, id: string) {
    if (picked !== id) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      putDown(id);
      return;
    }
    const to = arrowTarget(event.key, draft.deviceIds.indexOf(id), draft.deviceIds.length, columnsNow());
    if (to === null) return;
    event.preventDefault();
    moveTo(id, to, 'movedTo');
  }

  function dragTo(index: number) {
    if (dragging) moveTo(dragging, index, 'dropped');
    setDragging(null);
    setOver(null);
  }

  const nameError =
    draft.name.trim() === '' ? t('nameRequired') : draft.name.trim().length > NAME_MAX ? t('nameTooLong', { max: NAME_MAX }) : null;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (nameError || busy) return;
    // the editor closes once saved: busy until then
    await run(
      async () => {
        const saved = await saveWall(
          { ...(draft.id ? { id: draft.id } : {}), name: draft.name.trim(), deviceIds: draft.deviceIds },
          network,
        );
        toast.success(t('saved'));
        onSaved(saved);
      },
      { inline: (failure) => failureText(failure, network), busyAfterSuccess: true },
    );
  }

  const capacity = draftCapacity(list, draft);
  const full = draft.deviceIds.length >= capacity;
  const shape = gridShape(draft.deviceIds.length, capacity);
  const available = devices.filter((device) => !draft.deviceIds.includes(device.id));

  return (
    <form
      ref={editorRef}
      onSubmit={(event) => void save(event)}
      noValidate
      className="space-y-5 rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6"
      data-testid="wall-editor"
    >
      <h2 className="text-lg font-semibold text-balance break-keep text-ink">
        {draft.id ? (headings.editTitle ?? t('editTitle')) : (headings.newTitle ?? t('newTitle'))}
      </h2>
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
        {draft.deviceIds.length === 0 ? <p className="mt-3 text-sm text-ink-muted">{t('emptyWall')}</p> : null}
        {draft.deviceIds.length > 0 ? (
          <p id={hintId} className="mt-1 text-sm text-ink-muted" data-testid="wall-grid-hint">
            {t('gridHint')}
          </p>
        ) : null}
        {draft.deviceIds.length + shape.free > 0 ? (
          <ol
            ref={gridRef}
            className="mt-3 grid grid-cols-[repeat(var(--phone-columns),minmax(0,1fr))] gap-2 rounded-card border border-line bg-surface p-2 sm:grid-cols-[repeat(var(--columns),minmax(0,1fr))] sm:gap-3 sm:p-3"
            style={{ '--columns': shape.columns, '--phone-columns': Math.min(2, shape.columns) } as CSSProperties}
            data-testid="wall-order"
            data-columns={shape.columns}
          >
            {draft.deviceIds.map((id, index) => {
              const device = byId.get(id);
              const isPicked = picked === id;
              return (
                <li
                  key={id}
                  className={`relative flex min-h-24 flex-col rounded-control border bg-canvas shadow-card transition-colors ${isPicked ? 'border-brand-600 ring-2 ring-brand-600' : over === index && dragging !== id ? 'border-dashed border-brand-600' : 'border-line'} ${dragging === id ? 'opacity-50' : ''}`}
                  data-wall-device={id}
                  data-place={index + 1}
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', id);
                    setPicked(null);
                    setDragging(id);
                  }}
                  onDragOver={(event) => {
                    if (!dragging) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    if (over !== index) setOver(index);
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    dragTo(index);
                  }}
                  onDragEnd={() => {
                    setDragging(null);
                    setOver(null);
                  }}
                >
                  <button
                    type="button"
                    data-tile
                    className="flex min-h-16 flex-1 cursor-grab flex-col items-start gap-1 rounded-t-control p-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:cursor-grabbing"
                    aria-pressed={isPicked}
                    aria-describedby={hintId}
                    onClick={() => onTile(id)}
                    onKeyDown={(event) => onTileKey(event, id)}
                  >
                    <span className="flex w-full items-center justify-between gap-2 text-xs text-ink-muted tabular-nums">
                      <span aria-hidden="true">{index + 1}</span>
                      {device ? (
                        <span className="inline-flex items-center gap-1">
                          <span
                            aria-hidden="true"
                            className={`size-2 rounded-full ${device.online ? 'bg-green-600' : 'bg-ink-muted/50'}`}
                          />
                          {device.online ? t('online') : t('offline')}
                        </span>
                      ) : null}
                    </span>
                    <span className="font-medium break-words text-ink" data-testid="wall-device-name">
                      {nameOf(id)}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="min-h-11 border-t border-line px-3 text-left text-sm text-ink-soft hover:bg-surface-raised hover:text-ink"
                    aria-label={t('removeDevice', { name: nameOf(id) })}
                    onClick={() => {
                      setPicked(null);
                      setDraft({ ...draft, deviceIds: draft.deviceIds.filter((other) => other !== id) });
                    }}
                  >
                    {t('remove')}
                  </button>
                </li>
              );
            })}
            {Array.from({ length: shape.free }, (_, index) => (
              <li
                key={`free-${index}`}
                className={`flex min-h-24 items-center justify-center rounded-control border border-dashed p-3 text-center text-sm text-ink-muted ${over === draft.deviceIds.length + index ? 'border-brand-600' : 'border-line-strong'}`}
                data-testid="wall-free"
                onDragOver={(event) => {
                  if (!dragging) return;
                  event.preventDefault();
                  setOver(draft.deviceIds.length + index);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  dragTo(draft.deviceIds.length);
                }}
              >
                {t('freePlace')}
              </li>
            ))}
          </ol>
        ) : null}
        <p className="sr-only" aria-live="assertive" data-testid="wall-announce">
          {announcement}
        </p>
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
            {t('noDevices')} <TextLink href="/download">{t('download')}</TextLink>
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
