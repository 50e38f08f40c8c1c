'use client';

import type { TMonitorWall, TMonitorWallList } from '@llk/contracts';
import { Suspense, lazy, useCallback, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextLink } from '@/components/ui/button-link';
import { translator } from '@/lib/texts';
import { toast } from '@/lib/toast';
import { deleteWall, failureText } from '../fleet-api';
import type { TFleetDevice, TFleetTexts } from '../texts';
import type { TDraft } from './wall-editor';
import { useAction } from '@/lib/use-action';

// /account/walls: the account's screen walls (named, ordered device layouts the apps show
// together), how many device places it owns and uses, and the editor (wall-editor.tsx, loaded
// when a wall is opened). All walls together hold at most as many devices as the account owns
// screen walls (GET /monitorWall/list: owned, used). No walls owned: a link to the pricing page.

const WallEditor = lazy(() => import('./wall-editor'));

/** Devices on the walls other than `id` (the one being edited). */
function usedBesides(list: TMonitorWallList, id: string | undefined): number {
  return list.used - (id ? (list.walls.find((wall) => wall.id === id)?.deviceIds.length ?? 0) : 0);
}

export default function WallsPanel({
  initial,
  devices,
  texts,
  tag,
}: {
  initial: TMonitorWallList;
  devices: TFleetDevice[];
  texts: TFleetTexts;
  tag: string;
}) {
  const t = translator(texts.texts, tag);
  const [list, setList] = useState(initial);
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [draftCount, setDraftCount] = useState(0);
  const { busy, run } = useAction();
  const [removing, setRemoving] = useState<string | null>(null);
  const headingId = useId();

  const byId = new Map(devices.map((device) => [device.id, device]));
  const nameOf = (id: string) => byId.get(id)?.name ?? t('unknownDevice');

  function open(wall: TMonitorWall | null) {
    setDraft(wall ? { id: wall.id, name: wall.name, deviceIds: [...wall.deviceIds] } : { name: '', deviceIds: [] });
    setDraftCount(wall?.deviceIds.length ?? 0);
  }

  const saved = useCallback((wall: TMonitorWall) => {
    setList((current) => {
      const walls = current.walls.some((other) => other.id === wall.id)
        ? current.walls.map((other) => (other.id === wall.id ? wall : other))
        : [...current.walls, wall];
      return { ...current, walls, used: walls.reduce((sum, other) => sum + other.deviceIds.length, 0) };
    });
    setDraft(null);
  }, []);
  const cancel = useCallback(() => setDraft(null), []);

  async function remove(id: string) {
    if (busy) return;
    await run(
      async () => {
        await deleteWall(id, texts.network);
        setList((current) => {
          const walls = current.walls.filter((wall) => wall.id !== id);
          return { ...current, walls, used: walls.reduce((sum, wall) => sum + wall.deviceIds.length, 0) };
        });
        setRemoving(null);
        toast.success(t('deleted'));
      },
      { toast: (failure) => failureText(failure, texts.network) },
    );
  }

  // screen walls are sold in the desktop app only (ADR 0035): the link gets the app
  const buy = (
    <TextLink href="/download" data-testid="walls-buy">
      {t('buy')}
    </TextLink>
  );

  if (list.owned === 0 && list.walls.length === 0) {
    return (
      <section className="rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6" data-testid="walls-none">
        <h2 className="text-lg font-semibold text-balance break-keep text-ink">{texts.headings?.noneTitle ?? t('noneTitle')}</h2>
        <p className="mt-2 text-ink-muted">{t('noneBody')}</p>
        <p className="mt-4">{buy}</p>
      </section>
    );
  }

  // while editing, the count includes the draft's devices
  const total = draft ? usedBesides(list, draft.id) + draftCount : list.used;

  return (
    <div className="space-y-6">
      <section className="rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6" aria-labelledby={headingId}>
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id={headingId} className="text-lg font-semibold text-balance break-keep text-ink">
            {texts.headings?.usageTitle ?? t('usageTitle')}
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
        <Suspense fallback={<p className="text-ink-muted">…</p>}>
          <WallEditor
            key={draft.id ?? 'new'}
            list={list}
            initial={draft}
            devices={devices}
            t={t}
            headings={texts.headings ?? {}}
            network={texts.network}
            onCount={setDraftCount}
            onSaved={saved}
            onCancel={cancel}
          />
        </Suspense>
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
            <li
              key={wall.id}
              className="rounded-card border border-line bg-canvas p-5 shadow-card sm:p-6"
              data-testid="wall"
              data-wall-id={wall.id}
            >
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
                      <Button
                        variant="danger"
                        size="sm"
                        aria-disabled={busy || undefined}
                        onClick={() => void remove(wall.id)}
                        data-testid="wall-delete-confirm"
                      >
                        {t('deleteConfirm')}
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => setRemoving(null)}>
                        {t('keep')}
                      </Button>
                    </>
                  ) : (
                    <>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => open(wall)}
                        aria-label={t('editLabel', { name: wall.name })}
                        data-testid="wall-edit"
                      >
                        {t('edit')}
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setRemoving(wall.id)}
                        aria-label={t('deleteLabel', { name: wall.name })}
                        data-testid="wall-delete"
                      >
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
