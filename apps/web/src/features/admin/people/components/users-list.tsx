import { ADMIN_USER_SEARCH_CANDIDATES, MAINLAND_REGION, type TAdminUsersPage } from '@llk/contracts';
import { PHONE_COUNTRIES } from '@llk/contracts/phone-countries';
import Link from 'next/link';
import { Table, TableBody, TableHead, Td, Th } from '@/components/ui/table';
import { countryOptions } from '@/components/ui/phone-number';
import { LabeledInput, LabeledSelect } from '@/features/admin/shell/components/inputs';
import { buttonClass } from '@/components/ui/button';
import { formatDate, formatDateTime } from '@/lib/format';
import { PageLinks, TableOrEmpty, Wide } from '@/features/admin/shell/components/list-parts';

type T = (key: string, values?: Record<string, string | number>) => string;

/** The phone country select's options in the staff member's language: "Spain · ES +34", sorted by name. */
export function regionOptions(language: string): { value: string; text: string }[] {
  const countries = PHONE_COUNTRIES.map((country) => ({ ...country, callingCode: String(country.callingCode) }));
  return countryOptions(countries, language).map((option) => ({
    value: option.region,
    text: `${option.name} · ${option.region} +${option.callingCode}`,
  }));
}

/** The query of a users search link: the term and, with it, the phone country. */
export function usersSearchQuery(q: string, region: string): string {
  return q ? `?${new URLSearchParams({ q, region }).toString()}` : '';
}

/**
 * /admin/users: the search form (a GET form, so a search is a link) and one keyset page. The
 * country select is sent as `region`: the country a phone typed without its calling code is read
 * in (CN by default).
 */
export function UsersList({
  t,
  language,
  zone,
  q,
  region = MAINLAND_REGION,
  page,
  nextHref,
  onFirst,
  error,
}: {
  t: T;
  language: string;
  zone?: string;
  q: string;
  region?: string;
  page: TAdminUsersPage;
  nextHref: string | null;
  onFirst: boolean;
  error?: string;
}) {
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">{t('title')}</h1>
      <form method="get" action="/admin/users" className="mt-4 flex flex-wrap items-end gap-3" role="search">
        {/* a plain box: the API reads a phone typed in any form as E.164, national digits in the selected country (README, "Phone numbers and email sign-in") */}
        <LabeledInput
          name="q"
          label={t('searchLabel')}
          aria-describedby="admin-users-search-hint"
          defaultValue={q}
          className="w-full max-w-md"
          maxLength={100}
        />
        <LabeledSelect label={t('regionLabel')} name="region" defaultValue={region} options={regionOptions(language)} />
        <button type="submit" className={buttonClass({ size: 'field' })}>
          {t('searchButton')}
        </button>
      </form>
      <p id="admin-users-search-hint" className="mt-1.5 text-sm text-ink-muted">
        {t('searchHint')}
      </p>
      {error ? (
        <p className="mt-4 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      {page.capped ? (
        <p className="mt-4 text-sm text-amber-800" data-testid="admin-users-capped">
          {t('capped', { count: ADMIN_USER_SEARCH_CANDIDATES })}
        </p>
      ) : null}
      <div className="mt-6">
        <TableOrEmpty rows={page.items.length} empty={t('empty')}>
          <Wide>
            <Table testId="admin-users-table">
              <TableHead>
                <Th>{t('col.user')}</Th>
                <Th>{t('col.contact')}</Th>
                <Th>{t('col.plan')}</Th>
                <Th>{t('col.expires')}</Th>
                <Th>{t('col.state')}</Th>
                <Th>{t('col.created')}</Th>
              </TableHead>
              <TableBody>
                {page.items.map((user) => (
                  <tr key={user.id}>
                    <Td>
                      <Link className="font-medium text-brand-700 underline" href={`/admin/users/${user.id}`}>
                        {user.username ?? user.nickname}
                      </Link>
                      <div className="font-mono text-xs text-ink-muted">{user.id}</div>
                    </Td>
                    <Td>
                      <div>{user.mobile ?? t('none')}</div>
                      <div className="text-ink-muted">{user.email ?? t('none')}</div>
                    </Td>
                    <Td>{user.memberPlan}</Td>
                    <Td>{user.memberExpiresAt ? formatDate(user.memberExpiresAt, language, 'medium', zone) : t('none')}</Td>
                    <Td>{user.lockedAt ? <span className="text-red-700">{t('locked')}</span> : t('active')}</Td>
                    <Td>{formatDateTime(user.createdAt, language, zone)}</Td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          </Wide>
        </TableOrEmpty>
      </div>
      <PageLinks
        firstHref={`/admin/users${usersSearchQuery(q, region)}`}
        nextHref={nextHref}
        firstText={t('first')}
        nextText={t('next')}
        onFirst={onFirst}
      />
    </section>
  );
}
