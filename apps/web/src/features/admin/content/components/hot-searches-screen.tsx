'use client';

import type { TAdminHotSearch, TAdminHotSearchList, TAdminHotSearchResult, THotSearchState } from '@llk/contracts';
import type { TLocale } from '@llk/contracts/locales';
import { locales } from '@llk/contracts/locales';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { adminApi } from '@/features/admin/shell/admin-api';
import { useAction } from '@/lib/use-action';

// /admin/search: one language's searched terms with their distinct-visitor counts; pin a term
// (shown first whatever its count, one nobody searched yet too), hide one (never shown) or
// release it. The public list follows at once (ADR 0007, "Hot searches").

const ACTIONS: Record<THotSearchState, THotSearchState[]> = {
  NORMAL: ['PINNED', 'HIDDEN'],
  PINNED: ['NORMAL', 'HIDDEN'],
  HIDDEN: ['NORMAL', 'PINNED'],
};

export function HotSearchesScreen({ initial, languageNames }: { initial: TAdminHotSearchList; languageNames: Record<TLocale, string> }) {
  const t = useTranslations('AdminHotSearches');
  const [list, setList] = useState(initial);
  const { busy, run } = useAction();
  const [term, setTerm] = useState('');

  async function load(locale: TLocale) {
    // toasted
    await run(async () => {
      setList(await adminApi.get<TAdminHotSearchList>('/search/hot', { query: { locale } }));
    });
  }

  async function setState(keyword: string, state: THotSearchState): Promise<boolean> {
    // a failure: toasted
    const done = await run(async () => {
      await adminApi.put<TAdminHotSearchResult>('/search/hot', { body: { locale: list.locale, keyword, state } });
      // the whole list again: a change can move other terms in or out of the public list
      setList(await adminApi.get<TAdminHotSearchList>('/search/hot', { query: { locale: list.locale } }));
      return true;
    });
    return done ?? false;
  }

  async function pinNew(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (term.trim() && (await setState(term, 'PINNED'))) setTerm('');
  }

  const action = (item: TAdminHotSearch, state: THotSearchState) => (
    <Button key={state} size="sm" variant="secondary" disabled={busy} onClick={() => void setState(item.keyword, state)}>
      {/* back to NORMAL says what it undoes: "Unpin", "Unhide" */}
      {state === 'NORMAL' ? t(item.state === 'PINNED' ? 'actions.unpin' : 'actions.unhide') : t(`actions.${state}`)}
    </Button>
  );

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{t('intro', { min: list.minVisitors })}</p>

      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end">
        <Field label={t('language')}>
          {(props) => (
            <select
              {...props}
              value={list.locale}
              disabled={busy}
              onChange={(event) => void load(event.target.value as TLocale)}
              className={`${props.className} h-11`}
              data-testid="hot-language"
            >
              {locales.map((locale) => (
                <option key={locale} value={locale}>
                  {languageNames[locale]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <form className="flex flex-col gap-2 sm:flex-1 sm:flex-row sm:items-end" onSubmit={(event) => void pinNew(event)}>
          <Field label={t('newTerm')} className="sm:flex-1">
            {(props) => (
              <input
                {...props}
                value={term}
                maxLength={64}
                onChange={(event) => setTerm(event.target.value)}
                className={`${props.className} h-11`}
                data-testid="hot-new-term"
              />
            )}
          </Field>
          <Button type="submit" disabled={busy || !term.trim()} data-testid="hot-pin-new">
            {t('pinNew')}
          </Button>
        </form>
      </div>

      {list.items.length === 0 ? (
        <p className="mt-6 text-ink-muted">{t('empty')}</p>
      ) : (
        // a narrow screen scrolls the table sideways rather than breaking a term into one character a line
        <div className="mt-6 [&_th]:whitespace-nowrap">
          <Table testId="hot-searches-table">
            <TableHead>
              <Th>{t('columns.keyword')}</Th>
              <Th align="end">{t('columns.count')}</Th>
              <Th>{t('columns.state')}</Th>
              <Th>{t('columns.shown')}</Th>
              <Th>{t('columns.actions')}</Th>
            </TableHead>
            <TableBody>
              {list.items.map((item) => (
                <tr key={item.keyword} data-testid="hot-term" data-keyword={item.keyword}>
                  <Td className="min-w-[10rem] font-medium text-ink">{item.keyword}</Td>
                  <Td align="end" className="whitespace-nowrap">
                    {item.count}
                  </Td>
                  <Td className="whitespace-nowrap">{t(`states.${item.state}`)}</Td>
                  <Td className="whitespace-nowrap">
                    {item.shown ? t('shown') : t('notShown')}
                    {/* why a term that is not hidden is missing, when its count says so */}
                    {!item.shown && item.state === 'NORMAL' && item.count < list.minVisitors ? (
                      <span className="block text-xs text-ink-muted">{t('tooFewVisitors', { min: list.minVisitors })}</span>
                    ) : null}
                  </Td>
                  <Td>
                    <div className="flex gap-2 whitespace-nowrap">{ACTIONS[item.state].map((state) => action(item, state))}</div>
                  </Td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
