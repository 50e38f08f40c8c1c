'use client';

import type { TDevice, TSessionLive, TSessionPage } from '@llk/contracts';
import { locales } from '@llk/contracts/locale-codes';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from '@/components/link';
import { useVisitorZone } from '@/components/local-time';
import { Button, buttonClass } from '@/components/ui/button';
import { FiltersToggle } from '@/components/ui/filters-toggle';
import { Field, SelectField, TextField } from '@/components/ui/field';
import { formatDateTime } from '@/lib/format';
import { translator } from '@/lib/texts';
import { loadSessions } from '../connections-api';
import {
  DIRECTIONS,
  FILTER_TEXT_MAX,
  NO_SESSION_FILTERS,
  PRO_HISTORY_DAYS,
  SESSION_KINDS,
  type TSessionFilters,
  activeFilterCount,
  exportHref,
  filtersToSearch,
} from '../rules';
import type { TConnectionsTexts } from '../texts';
import { useDisconnect } from './disconnect-dialog';
import { LiveSessions } from './live-sessions';
import { SessionRow } from './session-row';

// /account/connections: "now" at the top, then the filters, the history (keyset "Load more")
// and its CSV. The filters live in the page's address, so a filtered view can be shared and
// the devices page links straight to one device's sessions; changing one replaces the address
// without a navigation and loads the first page again.

export interface TConnectionsSnapshot {
  page: TSessionPage;
  live: TSessionLive;
  /** the devices the device filter offers (own and shared) */
  devices: Pick<TDevice, 'id' | 'name'>[];
}

interface TConnectionsPanelProps {
  initial: TConnectionsSnapshot;
  initialFilters: TSessionFilters;
  texts: TConnectionsTexts;
  /** BCP 47 tag of the page's language */
  tag: string;
  /** the zone the server rendered the times in (the reader's cookie), until the browser says its own */
  serverZone?: string;
}

export function ConnectionsPanel({ initial, initialFilters, texts, tag, serverZone }: TConnectionsPanelProps) {
  const t = useMemo(() => translator(texts.page, tag), [texts.page, tag]);
  const { network } = texts;
  const timeZone = useVisitorZone(serverZone);
  const [filters, setFilters] = useState(initialFilters);
  const [person, setPerson] = useState(initialFilters.person);
  const [items, setItems] = useState(initial.page.items);
  const [next, setNext] = useState(initial.page.next);
  const [searchedTo, setSearchedTo] = useState(initial.page.searchedTo);
  const [historyDays, setHistoryDays] = useState(initial.page.historyDays);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const filtersId = useId();
  const historyId = useId();
  const asked = useRef(filters);
  asked.current = filters;
  const locale = locales.find((code) => code.toLowerCase() === tag.toLowerCase());

  const disconnect = useDisconnect({
    t,
    network,
    onDone: (sessionId) => {
      setGone((current) => new Set(current).add(sessionId));
      // the history shows it ended at once; the next load reads the API's record
      setItems((current) =>
        current.map((item) =>
          item.id === sessionId
            ? { ...item, status: 'ENDED', endReason: 'DISCONNECTED_BY_OWNER', endedAt: new Date().toISOString() }
            : item,
        ),
      );
    },
  });

  const load = useCallback(
    async (wanted: TSessionFilters, before: string | null) => {
      setLoading(true);
      try {
        const page = await loadSessions(wanted, { timeZone, before }, network);
        if (asked.current !== wanted) return; // newer filters were chosen meanwhile
        setItems((current) => (before ? [...current, ...page.items] : page.items));
        setNext(page.next);
        setSearchedTo(page.searchedTo);
        setHistoryDays(page.historyDays);
        setFailed(false);
      } catch {
        // the API client toasted the refusal; the list says it is not current
        if (asked.current === wanted) setFailed(true);
      } finally {
        if (asked.current === wanted) setLoading(false);
      }
    },
    [network, timeZone],
  );

  // New filters: the address says them (shareable) and the first page is loaded again.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const search = filtersToSearch(filters);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
    void load(filters, null);
  }, [filters, load]);

  function choose(change: Partial<TSessionFilters>) {
    setFilters((current) => ({ ...current, ...change }));
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    choose({ person: person.trim().slice(0, FILTER_TEXT_MAX) });
  }

  const active = activeFilterCount(filters);
  const devices =
    filters.deviceId && !initial.devices.some((device) => device.id === filters.deviceId)
      ? [...initial.devices, { id: filters.deviceId, name: filters.deviceId }]
      : initial.devices;

  return (
    <div className="space-y-8" data-testid="connections-panel">
      <LiveSessions
        initial={initial.live}
        t={t}
        tag={tag}
        timeZone={timeZone}
        network={network}
        onDisconnect={disconnect.ask}
        gone={gone}
      />

      <section aria-labelledby={historyId} className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id={historyId} className="text-lg font-semibold text-ink">
            {t('list.title')}
          </h2>
          <p className="text-sm text-ink-muted" data-testid="connections-history-days">
            {t('historyDays', { days: historyDays })}{' '}
            {historyDays < PRO_HISTORY_DAYS ? (
              <Link href="/pricing" className="font-medium text-brand-700 underline underline-offset-2" data-testid="connections-upgrade">
                {t('upgrade')}
              </Link>
            ) : null}
          </p>
        </div>

        {/* on a phone the filters fold behind their button, beside the export */}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <FiltersToggle
            label={t('filters.toggle', { count: active })}
            open={filtersOpen}
            controls={filtersId}
            onToggle={() => setFiltersOpen((open) => !open)}
            testId="connections-filters-toggle"
          />
          <div className="ml-auto flex flex-wrap gap-3">
            {active > 0 ? (
              <Button
                variant="quiet"
                size="sm"
                onClick={() => {
                  setPerson('');
                  setFilters(NO_SESSION_FILTERS);
                }}
                data-testid="connections-clear"
              >
                {t('filters.clear')}
              </Button>
            ) : null}
            <a
              href={exportHref(filters, { locale, timeZone })}
              download
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              data-testid="connections-export"
            >
              {t('exportCsv')}
            </a>
          </div>
        </div>
        <section
          id={filtersId}
          aria-label={t('filters.label')}
          className={`${filtersOpen ? 'grid' : 'hidden'} grid-cols-1 gap-3 sm:grid-cols-2 lg:grid lg:grid-cols-3`}
          data-testid="connections-filters"
        >
          <SelectField
            label={t('filters.device')}
            name="deviceId"
            value={filters.deviceId}
            options={[{ value: '', label: t('filters.anyDevice') }, ...devices.map((device) => ({ value: device.id, label: device.name }))]}
            onChange={(deviceId) => choose({ deviceId })}
          />
          <SelectField<TSessionFilters['direction']>
            label={t('filters.direction')}
            name="direction"
            value={filters.direction}
            options={[
              { value: '', label: t('filters.anyDirection') },
              ...DIRECTIONS.map((direction) => ({ value: direction, label: t(`directions.${direction}`) })),
            ]}
            onChange={(direction) => choose({ direction })}
          />
          <SelectField<TSessionFilters['kind']>
            label={t('filters.kind')}
            name="kind"
            value={filters.kind}
            options={[
              { value: '', label: t('filters.anyKind') },
              ...SESSION_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
            ]}
            onChange={(kind) => choose({ kind })}
          />
          <Field label={t('filters.since')}>
            {(control) => (
              <input
                {...control}
                type="date"
                name="since"
                className={`${control.className} h-11`}
                value={filters.since}
                max={filters.until || undefined}
                onChange={(event) => choose({ since: event.target.value })}
              />
            )}
          </Field>
          <Field label={t('filters.until')}>
            {(control) => (
              <input
                {...control}
                type="date"
                name="until"
                className={`${control.className} h-11`}
                value={filters.until}
                min={filters.since || undefined}
                onChange={(event) => choose({ until: event.target.value })}
              />
            )}
          </Field>
          <label className="flex min-h-11 items-center gap-2 self-end text-sm text-ink">
            <input
              type="checkbox"
              name="refused"
              className="size-4 accent-brand-600"
              checked={filters.refused}
              onChange={(event) => choose({ refused: event.target.checked })}
              data-testid="connections-refused"
            />
            {t('filters.refused')}
          </label>
          <form role="search" onSubmit={search} className="sm:col-span-2 lg:col-span-3">
            <TextField
              label={t('filters.person')}
              name="person"
              type="search"
              value={person}
              placeholder={t('filters.personPlaceholder')}
              maxLength={FILTER_TEXT_MAX}
              onChange={(event) => setPerson(event.target.value)}
              addon={
                <Button type="submit" variant="outline" size="field">
                  {t('filters.apply')}
                </Button>
              }
            />
          </form>
        </section>

        {failed ? (
          <p role="status" className="text-sm text-amber-900" data-testid="connections-failed">
            {t('list.failed')}
          </p>
        ) : null}

        {items.length === 0 ? (
          <p
            className="rounded-control border border-dashed border-line p-6 text-center text-ink-muted"
            data-testid="connections-empty"
            data-empty={active > 0 ? 'filters' : 'all'}
          >
            {active > 0
              ? searchedTo
                ? t('list.noMatchSince', { date: formatDateTime(searchedTo, tag, timeZone) })
                : t('list.noMatch')
              : t('list.empty')}
          </p>
        ) : (
          <ul
            className="divide-y divide-line rounded-control border border-line"
            data-testid="connections-list"
            aria-busy={loading || undefined}
          >
            {items.map((record) => (
              <SessionRow key={record.id} record={record} t={t} tag={tag} timeZone={timeZone} onDisconnect={disconnect.ask} />
            ))}
          </ul>
        )}

        {next && searchedTo && items.length > 0 ? (
          <p className="text-center text-sm text-ink-muted" data-testid="connections-searched">
            {t('list.searchedTo', { date: formatDateTime(searchedTo, tag, timeZone) })}
          </p>
        ) : null}
        {next ? (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              aria-disabled={loading || undefined}
              onClick={() => {
                if (!loading) void load(filters, next);
              }}
              data-testid="connections-more"
            >
              {searchedTo ? t('list.searchOlder') : t('list.more')}
            </Button>
          </div>
        ) : null}
      </section>
      {disconnect.dialog}
    </div>
  );
}
