'use client';

import type { TDevice } from '@llk/contracts';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from '@/components/link';
import { useVisitorZone } from '@/components/local-time';
import { Button, buttonClass } from '@/components/ui/button';
import { FiltersToggle } from '@/components/ui/filters-toggle';
import { Dialog } from '@/components/ui/dialog';
import { Field, SelectField, TextField } from '@/components/ui/field';
import { fill, formatDateTime } from '@/lib/format';
import { translator } from '@/lib/texts';
import { toast } from '@/lib/toast';
import { type TDevicesSnapshot, loadSnapshot, removeDevices, updateDevice } from '../devices-api';
import { locales } from '@llk/contracts/locale-codes';
import { copyText } from '@/features/referral/copy-text';
import {
  CLIENT_TYPES,
  DEVICE_NAME_MAX,
  NO_FILTERS,
  REFRESH_MS,
  type TFilters,
  type TScope,
  activeFilterCount,
  exportHref,
  limitState,
  pageCount,
  sharedControlBlocked,
  textError,
} from '../rules';
import type { TDevicesTexts } from '../texts';
import { GroupNav } from './group-nav';
import { PlatformIcon } from './platform-icon';
import { PolicyDialog } from './policy-dialog';
import { SessionsDialog } from './sessions-dialog';
import { ShareDialog } from './share-dialog';
import { loadLive } from '@/features/account-connections/connections-api';
import { useAction } from '@/lib/use-action';

// /account/devices: the groups, the filters, one page of devices with their online state, and
// what can be done to them (rename, share, permission level, move, remove). The page refreshes
// itself every REFRESH_MS while the tab is visible, and at once when the tab comes back
// (README: polling, not a push channel). The same round reads which devices are in a session
// now (GET /session/live); a failure there only leaves the badges as they were.

interface TDevicesPanelProps {
  initial: TDevicesSnapshot;
  texts: TDevicesTexts;
  /** BCP 47 tag of the page's language */
  tag: string;
}

export function DevicesPanel({ initial, texts, tag }: TDevicesPanelProps) {
  const t = useMemo(() => translator(texts.page, tag), [texts.page, tag]);
  const sessionsT = useMemo(() => translator(texts.connections, tag), [texts.connections, tag]);
  const { network, validation } = texts;
  const [snapshot, setSnapshot] = useState(initial);
  const [filters, setFilters] = useState<TFilters>(NO_FILTERS);
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [stale, setStale] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [moveTo, setMoveTo] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [sharing, setSharing] = useState<TDevice | null>(null);
  const [policyOf, setPolicyOf] = useState<TDevice | null>(null);
  const [removing, setRemoving] = useState<string[] | null>(null);
  const [sessionsOf, setSessionsOf] = useState<TDevice | null>(null);
  const [inSession, setInSession] = useState<ReadonlySet<string>>(new Set());
  const { busy, run } = useAction();
  // phones fold the filters behind one button so the first devices are on the first screen
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  // the CSV's times on the reader's clock (ADR 0031; China time until hydrated)
  const timeZone = useVisitorZone();
  const [copied, setCopied] = useState('');
  const view = useRef({ filters, page });
  view.current = { filters, page };
  const removeTitleId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // The rename field takes the focus when it opens (the button that opened it is gone).
  const editingId = editing?.id;
  useEffect(() => {
    if (editingId) listRef.current?.querySelector<HTMLInputElement>('input[name="deviceName"]')?.focus();
  }, [editingId]);
  const keepRef = useRef<HTMLButtonElement>(null);

  /** Which devices are in a session now: either side of a live session. */
  const refreshLive = useCallback(async () => {
    try {
      const live = await loadLive(network, true);
      const ids = live.items.flatMap((session) => [session.from.deviceId, session.to.deviceId]);
      setInSession(new Set(ids.filter((id): id is string => id !== null)));
    } catch {
      // the next round tries again; the badges stay as they were
    }
  }, [network]);

  /** Loads what the page shows for the current filters and page; `quiet` for the background round. */
  const refresh = useCallback(
    async (quiet = false) => {
      const asked = view.current;
      void refreshLive();
      try {
        const next = await loadSnapshot(asked.filters, asked.page, network, quiet);
        if (view.current.filters !== asked.filters || view.current.page !== asked.page) return; // a newer view was asked for meanwhile
        // the last page emptied (devices removed here or elsewhere): show the one before
        if (next.list.list.length === 0 && asked.page > 1) {
          setPage(Math.min(asked.page - 1, Math.ceil(next.list.total / next.list.pageSize)) || 1);
          return;
        }
        setSnapshot(next);
        setStale(false);
      } catch {
        if (quiet) setStale(true);
      }
    },
    [network, refreshLive],
  );

  // The first view came with the page, without the sessions: read them once hydrated.
  useEffect(() => {
    void refreshLive();
  }, [refreshLive]);

  // A new filter or page: load it now (the first view came with the page).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void refresh();
  }, [filters, page, refresh]);

  // Online state: a round every REFRESH_MS while the tab is visible, and one when it comes back.
  useEffect(() => {
    const visible = () => document.visibilityState === 'visible';
    const timer = setInterval(() => {
      if (visible()) void refresh(true);
    }, REFRESH_MS);
    const onVisibility = () => {
      if (visible()) void refresh(true);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh]);

  function choose(next: Partial<TFilters>) {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
    setSelected(new Set());
  }

  const { list, groups, counts } = snapshot;
  const groupName = new Map(groups.list.map((group) => [group.id, group.name]));
  const own = list.list.filter((device) => device.sharedBy === null);
  const pages = pageCount(list.total);
  const limit = limitState(counts.deviceCount, counts.deviceLimit);
  const active = activeFilterCount(filters);
  const scopeGroup = filters.scope.kind === 'group' ? filters.scope.id : null;
  const locale = locales.find((code) => code.toLowerCase() === tag.toLowerCase());

  async function copyId(device: TDevice) {
    const done = await copyText(device.deviceId);
    const message = done ? t('list.copied', { id: device.deviceId }) : t('list.copyFailed');
    if (done) toast.success(message);
    else toast.error(message);
    // said again in the page's own live region: a screen reader hears it even where toasts are missed
    setCopied(message);
  }

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!editing || busy || textError(editing.name, DEVICE_NAME_MAX)) return;
    // toasted by the API client
    await run(async () => {
      const saved = await updateDevice(editing.id, { name: editing.name.trim() }, network);
      setSnapshot((current) => ({
        ...current,
        list: { ...current.list, list: current.list.list.map((device) => (device.id === saved.id ? saved : device)) },
      }));
      setEditing(null);
      toast.success(t('actions.renamed'));
    });
  }

  async function move() {
    if (busy || selected.size === 0) return;
    // toasted by the API client; the list below shows where each device is now
    await run(
      async () => {
        const ids = [...selected];
        await Promise.all(ids.map((id) => updateDevice(id, { groupId: moveTo === '' ? null : moveTo }, network)));
        toast.success(t('batch.moved', { count: ids.length }));
        setSelected(new Set());
      },
      {
        after: async () => {
          await refresh();
        },
      },
    );
  }

  async function confirmRemove() {
    if (!removing || busy) return;
    await run(
      async () => {
        const removed = await removeDevices(removing, network);
        toast.success(t('batch.removed', { count: removed }));
        setRemoving(null);
        setSelected(new Set());
      },
      {
        onError: () => {
          setRemoving(null);
        },
        after: async () => {
          await refresh();
        },
      },
    );
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    choose({ text });
  }

  const editError = editing ? textError(editing.name, DEVICE_NAME_MAX) : null;

  return (
    <div className="space-y-5" data-testid="devices-panel">
      {limit !== 'none' ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-control border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="device-limit-warning"
          data-state={limit}
        >
          <p>
            {limit === 'full'
              ? fill(texts.limitReached, { limit: counts.deviceLimit ?? 0 })
              : t('limitNear', { count: counts.deviceCount, limit: counts.deviceLimit ?? 0 })}
          </p>
          <Link href="/pricing" className="font-semibold text-amber-900 underline underline-offset-2">
            {t('upgrade')}
          </Link>
        </div>
      ) : null}

      <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8">
        <GroupNav
          groups={groups}
          scope={filters.scope}
          onScope={(scope: TScope) => choose({ scope })}
          onChanged={(deletedId) => {
            if (deletedId && filters.scope.kind === 'group' && filters.scope.id === deletedId) choose({ scope: { kind: 'all' } });
            else void refresh();
          }}
          t={t}
          validation={validation}
          network={network}
          tag={tag}
        />

        <div className="mt-5 min-w-0 space-y-4 lg:mt-0">
          <FiltersToggle
            label={t('filters.toggle', { count: active })}
            open={filtersOpen}
            controls={filtersId}
            onToggle={() => setFiltersOpen((open) => !open)}
            testId="device-filters-toggle"
          />
          <section
            id={filtersId}
            aria-label={t('filters.label')}
            className={`${filtersOpen ? 'grid' : 'hidden'} grid-cols-1 gap-3 sm:grid-cols-2 lg:grid`}
            data-testid="device-filters"
          >
            <SelectField<TFilters['online']>
              label={t('filters.online')}
              name="online"
              value={filters.online}
              options={[
                { value: 'any', label: t('filters.anyStatus') },
                { value: 'online', label: t('filters.onlineOnly') },
                { value: 'offline', label: t('filters.offlineOnly') },
              ]}
              onChange={(online) => choose({ online })}
            />
            <SelectField<TFilters['clientType']>
              label={t('filters.clientType')}
              name="clientType"
              value={filters.clientType}
              options={[
                { value: 'any', label: t('filters.anyClientType') },
                ...CLIENT_TYPES.map((type) => ({ value: type, label: t(`clientTypes.${type}`) })),
              ]}
              onChange={(clientType) => choose({ clientType })}
            />
            <form role="search" onSubmit={search} className="sm:col-span-2">
              <TextField
                label={t('filters.text')}
                name="text"
                type="search"
                value={text}
                placeholder={t('filters.textPlaceholder')}
                maxLength={64}
                onChange={(event) => setText(event.target.value)}
                addon={
                  <Button type="submit" variant="outline" size="field">
                    {t('filters.apply')}
                  </Button>
                }
              />
            </form>
          </section>

          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-ink-muted" data-testid="device-total">
              {t('list.total', { count: list.total })}
            </p>
            <div className="flex flex-wrap gap-3">
              {active > 0 ? (
                <Button
                  variant="quiet"
                  size="sm"
                  onClick={() => {
                    setText('');
                    choose(NO_FILTERS);
                  }}
                >
                  {t('filters.clear')}
                </Button>
              ) : null}
              <a
                href={exportHref(filters, { locale, timeZone })}
                download
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
                data-testid="device-export"
              >
                {t('exportCsv')}
              </a>
            </div>
          </div>

          {stale ? (
            <p role="status" className="text-sm text-amber-900" data-testid="device-stale">
              {t('list.refreshFailed')}
            </p>
          ) : null}

          {selected.size > 0 ? (
            <div
              className="flex flex-wrap items-end gap-3 rounded-control border border-brand-600/40 bg-brand-50 p-3"
              data-testid="batch-bar"
            >
              <p className="w-full text-sm font-medium text-ink" data-testid="batch-count">
                {t('batch.selected', { count: selected.size })}
              </p>
              <Field label={t('batch.moveLabel')} className="w-full min-w-0 sm:w-auto">
                {(control) => (
                  <select
                    {...control}
                    name="moveTo"
                    className={`${control.className} h-11 sm:w-56`}
                    value={moveTo}
                    onChange={(event) => setMoveTo(event.target.value)}
                  >
                    <option value="">{t('batch.noGroup')}</option>
                    {groups.list.map((group) => (
                      <option key={group.id} value={group.id}>
                        {group.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Button size="sm" onClick={() => void move()} aria-disabled={busy || undefined} data-testid="batch-move">
                {t('batch.move')}
              </Button>
              <Button variant="danger" size="sm" onClick={() => setRemoving([...selected])} data-testid="batch-remove">
                {t('batch.remove')}
              </Button>
              <Button variant="quiet" size="sm" onClick={() => setSelected(new Set())}>
                {t('batch.clear')}
              </Button>
            </div>
          ) : null}

          <p className="sr-only" aria-live="polite" data-testid="device-copied">
            {copied}
          </p>

          {list.list.length === 0 ? (
            active === 0 && scopeGroup !== null ? (
              // a group of no devices: say so and how devices get in, not "no device matches"
              <div
                className="space-y-3 rounded-control border border-dashed border-line p-6 text-center text-ink-muted"
                data-testid="devices-empty"
                data-empty="group"
              >
                <p className="font-medium text-ink">{t('list.emptyGroup', { name: groupName.get(scopeGroup) ?? '' })}</p>
                <p className="text-sm">{t('list.emptyGroupHow')}</p>
                <Button variant="secondary" size="sm" onClick={() => choose({ scope: { kind: 'all' } })} data-testid="devices-show-all">
                  {t('list.showAll')}
                </Button>
              </div>
            ) : (
              <p
                className="rounded-control border border-dashed border-line p-6 text-center text-ink-muted"
                data-testid="devices-empty"
                data-empty={active > 0 ? 'filters' : filters.scope.kind}
              >
                {active > 0
                  ? t('list.noMatch')
                  : filters.scope.kind === 'ungrouped'
                    ? t('list.emptyUngrouped')
                    : filters.scope.kind === 'shared'
                      ? t('list.emptyShared')
                      : t('list.empty')}
              </p>
            )
          ) : (
            <>
              {own.length > 0 ? (
                <label className="flex items-center gap-2 text-sm text-ink-muted">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={own.every((device) => selected.has(device.id))}
                    onChange={(event) => setSelected(event.target.checked ? new Set(own.map((device) => device.id)) : new Set())}
                  />
                  {t('list.selectPage')}
                </label>
              ) : null}
              <ul ref={listRef} className="divide-y divide-line rounded-control border border-line" data-testid="device-list">
                {list.list.map((device) => {
                  const mine = device.sharedBy === null;
                  const manage = device.permission === 'MANAGE';
                  return (
                    <li
                      key={device.id}
                      className="flex gap-3 p-4"
                      data-testid="device"
                      data-device-id={device.id}
                      data-online={device.online}
                    >
                      <div className="w-5 shrink-0 pt-0.5">
                        {mine ? (
                          <input
                            type="checkbox"
                            className="size-4 accent-brand-600"
                            checked={selected.has(device.id)}
                            onChange={() => toggle(device.id)}
                            aria-label={t('list.select', { name: device.name })}
                          />
                        ) : null}
                      </div>
                      <PlatformIcon clientType={device.clientType} />
                      <div className="min-w-0 flex-1 space-y-1">
                        <p className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="device-id-row">
                          <span className="text-xs font-medium text-ink-muted">{t('list.deviceId')}</span>
                          <span
                            className="font-mono text-base font-semibold tracking-wide break-all text-ink select-all"
                            data-testid="device-id"
                          >
                            {device.deviceId}
                          </span>
                          <Button
                            variant="quiet"
                            size="sm"
                            className="gap-1.5"
                            onClick={() => void copyId(device)}
                            aria-label={t('list.copyLabel', { name: device.name })}
                            data-testid="device-copy-id"
                          >
                            <svg
                              aria-hidden="true"
                              viewBox="0 0 20 20"
                              className="size-4"
                              fill="none"
                              stroke="currentColor"
                              strokeWidth="1.6"
                              strokeLinejoin="round"
                            >
                              <rect x="7" y="7" width="9.5" height="9.5" rx="1.5" />
                              <path d="M13 7V4.5A1.5 1.5 0 0 0 11.5 3h-7A1.5 1.5 0 0 0 3 4.5v7A1.5 1.5 0 0 0 4.5 13H7" />
                            </svg>
                            {/* the icon alone on a phone, so the id and its button share a line (the button's name is its aria-label) */}
                            <span className="sr-only sm:not-sr-only">{t('list.copy')}</span>
                          </Button>
                        </p>
                        {editing?.id === device.id ? (
                          <form onSubmit={(event) => void rename(event)} noValidate className="space-y-2">
                            <TextField
                              label={t('actions.renameLabel', { name: device.name })}
                              name="deviceName"
                              value={editing.name}
                              maxLength={DEVICE_NAME_MAX + 16}
                              error={editError ? (validation[editError] ?? editError) : undefined}
                              onChange={(event) => setEditing({ id: device.id, name: event.target.value })}
                            />
                            <div className="flex flex-wrap gap-2">
                              <Button type="submit" size="sm" aria-disabled={busy || undefined} data-testid="rename-save">
                                {t('actions.save')}
                              </Button>
                              <Button variant="secondary" size="sm" onClick={() => setEditing(null)}>
                                {t('actions.cancel')}
                              </Button>
                            </div>
                          </form>
                        ) : (
                          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                            <span className="font-medium break-all text-ink" data-testid="device-name">
                              {device.name}
                            </span>
                            <span
                              className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${device.online ? 'bg-green-50 text-green-800' : 'bg-surface text-ink-muted'}`}
                              data-testid="device-online"
                            >
                              <span
                                aria-hidden="true"
                                className={`size-2 rounded-full ${device.online ? 'bg-green-600' : 'bg-ink-muted/50'}`}
                              />
                              {device.online ? t('list.online') : t('list.offline')}
                            </span>
                            {inSession.has(device.id) ? (
                              <span
                                className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
                                data-testid="device-in-session"
                              >
                                {sessionsT('device.badge')}
                              </span>
                            ) : null}
                          </p>
                        )}
                        <p className="text-sm text-ink-muted">
                          <span className="mr-3 inline-block">{t(`clientTypes.${device.clientType}`)}</span>
                          <span className="mr-3 inline-block" data-testid="device-version">
                            {device.appVersion ? t('list.version', { version: device.appVersion }) : t('list.noVersion')}
                          </span>
                          <span className="inline-block" data-testid="device-last-seen">
                            {device.lastSeenAt
                              ? t('list.lastSeen', { time: formatDateTime(device.lastSeenAt, tag, timeZone) })
                              : t('list.neverSeen')}
                          </span>
                        </p>
                        <p className="text-sm text-ink-muted">
                          {device.sharedBy ? (
                            <span
                              className="mr-3 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700"
                              data-testid="device-shared"
                            >
                              {t('list.sharedBy', { name: device.sharedBy.name, permission: t(`permissions.${device.permission}`) })}
                            </span>
                          ) : null}
                          {device.groupId && groupName.has(device.groupId) ? (
                            <span className="mr-3 inline-block">{t('list.inGroup', { name: groupName.get(device.groupId) ?? '' })}</span>
                          ) : null}
                          {mine ? (
                            <span className="inline-block" data-testid="device-policy">
                              {t('list.policy', { policy: t(`policies.${device.policy}`) })}
                            </span>
                          ) : (
                            // a recipient reads what they may do, not the owner's level beside their permission
                            <span className="inline-block" data-testid="device-access" data-permission={device.permission}>
                              {t(`list.youMay.${device.permission}`)}
                              {sharedControlBlocked(device.permission, device.policy)
                                ? ` ${t('list.youMay.blocked', { policy: t(`policies.${device.policy}`) })}`
                                : ''}
                            </span>
                          )}
                        </p>
                        {editing?.id === device.id ? null : (
                          <div className="flex flex-wrap gap-2 pt-1" role="group" aria-label={t('actions.menu', { name: device.name })}>
                            {mine || manage ? (
                              <Button
                                variant="secondary"
                                size="sm"
                                onClick={() => setEditing({ id: device.id, name: device.name })}
                                data-testid="device-rename"
                              >
                                {t('actions.rename')}
                              </Button>
                            ) : null}
                            <Button variant="secondary" size="sm" onClick={() => setSessionsOf(device)} data-testid="device-sessions-open">
                              {sessionsT('device.open')}
                            </Button>
                            <Button variant="secondary" size="sm" onClick={() => setSharing(device)} data-testid="device-share">
                              {mine ? t('actions.share') : t('actions.leave')}
                            </Button>
                            {mine || manage ? (
                              <Button variant="secondary" size="sm" onClick={() => setPolicyOf(device)} data-testid="device-policy-open">
                                {t('actions.policy')}
                              </Button>
                            ) : null}
                            {mine ? (
                              <Button variant="secondary" size="sm" onClick={() => setRemoving([device.id])} data-testid="device-remove">
                                {t('actions.remove')}
                              </Button>
                            ) : null}
                          </div>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </>
          )}

          {pages > 1 ? (
            <nav
              className="flex items-center justify-between gap-3"
              aria-label={t('list.page', { page, pages })}
              data-testid="device-pages"
            >
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
                {t('list.previous')}
              </Button>
              <span className="text-sm text-ink-muted tabular-nums">{t('list.page', { page, pages })}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage((current) => current + 1)}
                data-testid="device-next"
              >
                {t('list.next')}
              </Button>
            </nav>
          ) : null}
        </div>
      </div>

      <SessionsDialog
        device={sessionsOf}
        live={sessionsOf !== null && inSession.has(sessionsOf.id)}
        onClose={() => setSessionsOf(null)}
        t={sessionsT}
        tag={tag}
        timeZone={timeZone}
        network={network}
      />
      <ShareDialog
        device={sharing}
        onClose={() => setSharing(null)}
        onLeft={() => {
          setSharing(null);
          void refresh();
        }}
        t={t}
        validation={validation}
        network={network}
      />
      <PolicyDialog
        device={policyOf}
        onClose={() => setPolicyOf(null)}
        onSaved={(saved) => {
          setPolicyOf(null);
          setSnapshot((current) => ({
            ...current,
            list: { ...current.list, list: current.list.list.map((device) => (device.id === saved.id ? saved : device)) },
          }));
        }}
        t={t}
        network={network}
      />
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        titleId={removeTitleId}
        initialFocus={keepRef}
        testId="remove-dialog"
      >
        <h3 id={removeTitleId} className="text-lg font-semibold text-ink">
          {t('batch.removeTitle', { count: removing?.length ?? 0 })}
        </h3>
        <p className="mt-2 text-sm text-ink-muted">{t('batch.removeBody')}</p>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <button ref={keepRef} type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => setRemoving(null)}>
            {t('batch.keep')}
          </button>
          <button
            type="button"
            className={buttonClass({ variant: 'danger' })}
            aria-disabled={busy || undefined}
            onClick={() => void confirmRemove()}
            data-testid="remove-confirm"
          >
            {t('batch.removeConfirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
