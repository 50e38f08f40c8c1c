'use client';

import type { TMonitorWall, TMonitorWallList } from '@llk/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { TextLink } from '@/features/site/components/button-link';
import { translator } from '@/lib/texts';
import { toast } from '@/lib/toast';
import { deleteWall, failureText, saveWall } from '../fleet-api';
import type { TFleetDevice, TFleetTexts } from '../texts';

// /account/walls: the account's screen walls (named, ordered device layouts the apps show
// together) and an editor. All walls together hold at most as many devices as the account owns
// screen walls (GET /monitorWall/list: owned, used); the editor stops adding at that number and
// shows the API's own refusal (WALL_LIMIT_EXCEEDED) if another tab got there first. Order is
// changed with up/down buttons, so it works from the keyboard and with a screen reader.

type TDraft = { id?: string; name: string; deviceIds: string[] };
type TMove = { deviceId: string; direction: 'up' | 'down' };

const NAME_MAX = 64;

/** Devices on the walls other than the one being edited. */
function othersUsed(list: TMonitorWallList, draft: TDraft): number {
  const before = draft.id ? (list.walls.find((wall) => wall.id === draft.id)?.deviceIds.length ?? 0) : 0;
  return list.used - before;
}

/** Devices the draft may hold: what is owned minus what the other walls use. */
export function draftCapacity(list: TMonitorWallList, draft: TDraft): number {
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

export default function WallsPanel({ initial, devices, texts, tag }: { initial: TMonitorWallList; devices: TFleetDevice[]; texts: TFleetTexts; tag: string }) {
  const t = translator(texts.texts, tag);
  const [list, setList] = useState(initial);
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [moved, setMoved] = useState<TMove | null>(null);
  const editorRef = useRef<HTMLFormElement>(null);
  const headingId = useId();

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

  // The editor's name field takes the focus when it opens.
  const editing = draft !== null;
  useEffect(() => {
    if (editing) editorRef.current?.querySelector<HTMLInputElement>('input[name="wallName"]')?.focus();
  }, [editing]);

  function open(wall: TMonitorWall | null) {
    setDraft(wall ? { id: wall.id, name: wall.name, deviceIds: [...wall.deviceIds] } : { name: '', deviceIds: [] });
    setTouched(false);
    setError(null);
    setMoved(null);
  }

  const nameError = draft && draft.name.trim() === '' ? t('nameRequired') : draft && draft.name.trim().length > NAME_MAX ? t('nameTooLong', { max: NAME_MAX }) : null;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!draft || nameError || busy) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await saveWall({ ...(draft.id ? { id: draft.id } : {}), name: draft.name.trim(), deviceIds: draft.deviceIds }, texts.network);
      setList((current) => {
        const walls = current.walls.some((wall) => wall.id === saved.id) ? current.walls.map((wall) => (wall.id === saved.id ? saved : wall)) : [...current.walls, saved];
        return { ...current, walls, used: walls.reduce((sum, wall) => sum + wall.deviceIds.length, 0) };
      });
      setDraft(null);
      toast.success(t('saved'));
    } catch (failure) {
      setError(failureText(failure, texts.network));
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: string) {
    if (busy) return;
    setBusy(true);
    try {
      await deleteWall(id, texts.network);
      setList((current) => {
        const walls = current.walls.filter((wall) => wall.id !== id);
        return { ...current, walls, used: walls.reduce((sum, wall) => sum + wall.deviceIds.length, 0) };
      });
      setRemoving(null);
      toast.success(t('deleted'));
    } catch (failure) {
      toast.error(failureText(failure, texts.network));
    } finally {
      setBusy(false);
    }
  }

  const buy = (
    <TextLink href="/pricing" data-testid="walls-buy">
      {t('buy')}
    </TextLink>
  );

  if (list.owned === 0 && list.walls.length === 0) {
    return (
      <section className="rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6" data-testid="walls-none">
        <h2 className="text-lg font-semibold text-ink">{t('noneTitle')}</h2>
        <p className="mt-2 text-ink-muted">{t('noneBody')}</p>
        <p className="mt-4">{buy}</p>
      </section>
    );
  }

  const capacity = draft ? draftCapacity(list, draft) : 0;
  // while editing, the count includes the draft's devices
  const total = draft ? othersUsed(list, draft) + draft.deviceIds.length : list.used;
  const full = draft ? draft.deviceIds.length >= capacity : false;
  const available = draft ? devices.filter((device) => !draft.deviceIds.includes(device.id)) : [];

  return (
    <div className="space-y-6">
      <section className="rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6" aria-labelledby={headingId}>
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {t('usageTitle')}
          </h2>
          <p className="text-sm text-ink-muted" data-testid="walls-usage" aria-live="polite">
            {t('usage', { used: total, owned: list.owned })}
          </p>
        </div>
        <p className="mt-2 text-sm text-ink-muted">{t('usageHint', { owned: list.owned })}</p>
        {list.owned === 0 ? (
          <p className="mt-3 text-sm text-amber-900" data-testid="walls-none">
            {t('noneBody')} {buy}
          </p>
        ) : (
          <p className="mt-3 text-sm">{buy}</p>
        )}
      </section>

      {draft ? (
        <form ref={editorRef} onSubmit={(event) => void save(event)} noValidate className="space-y-5 rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6" data-testid="wall-editor">
          <h2 className="text-lg font-semibold text-ink">{draft.id ? t('editTitle') : t('newTitle')}</h2>
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
            <h3 className="text-base font-semibold text-ink">{t('onWall')}</h3>
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
            <h3 className="text-base font-semibold text-ink">{t('addDevices')}</h3>
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
            <Button variant="secondary" onClick={() => setDraft(null)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button onClick={() => open(null)} data-testid="wall-new" className="w-full sm:w-auto">
            {t('new')}
          </Button>
        </div>
      )}

      {list.walls.length === 0 ? (
        <p className="text-ink-muted" data-testid="walls-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="space-y-4" data-testid="walls-list">
          {list.walls.map((wall) => (
            <li key={wall.id} className="rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6" data-testid="wall" data-wall-id={wall.id}>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h3 className="break-words text-lg font-semibold text-ink" data-testid="wall-name">
                    {wall.name}
                  </h3>
                  <p className="mt-1 text-sm text-ink-muted">{t('deviceCount', { count: wall.deviceIds.length })}</p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  {removing === wall.id ? (
                    <>
                      <Button variant="danger" size="sm" aria-disabled={busy || undefined} onClick={() => void remove(wall.id)} data-testid="wall-delete-confirm">
                        {t('deleteConfirm')}
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => setRemoving(null)}>
                        {t('keep')}
                      </Button>
                    </>
                  ) : (
                    <>
                      <Button variant="secondary" size="sm" onClick={() => open(wall)} aria-label={t('editLabel', { name: wall.name })} data-testid="wall-edit">
                        {t('edit')}
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => setRemoving(wall.id)} aria-label={t('deleteLabel', { name: wall.name })} data-testid="wall-delete">
                        {t('delete')}
                      </Button>
                    </>
                  )}
                </div>
              </div>
              {wall.deviceIds.length > 0 ? (
                <ol className="mt-3 list-decimal space-y-1 pl-6 text-sm text-ink-soft" data-testid="wall-devices">
                  {wall.deviceIds.map((id) => (
                    <li key={id} className="break-words">
                      {nameOf(id)}
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
