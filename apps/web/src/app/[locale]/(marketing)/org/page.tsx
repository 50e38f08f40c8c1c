import type { TOrgList } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@/features/account/components/account-heading';
import { AccountNav } from '@/features/account/components/account-nav';
import { ACCOUNT_SECTIONS } from '@/features/account/sections';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import { OrgPanel } from '@/features/org/components/org-panel';
import { getOrgTexts } from '@/features/org/server/org-texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { visitorZone } from '@/lib/visitor-zone-server';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/org', 'organisations');
}

/**
 * /org: the organisations the account belongs to and the form that creates one, inside the
 * account area's navigation (the route lives outside /account, so this page lays it out as the
 * account layout does). Log-in is required: without a session, /login?redirectUrl=/org.
 */
export default async function OrgPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const api = await accountApi(locale, '/org');
  const [orgs, texts, zone, shell] = await Promise.all([
    api.get<TOrgList>('/org/list'),
    getOrgTexts(locale),
    visitorZone(),
    getTranslations({ locale, namespace: 'accountShell' }),
  ]);
  const items = ACCOUNT_SECTIONS.map((section) => ({ ...section, label: shell(`sections.${section.key}`) }));
  const lede = texts.page.list && typeof texts.page.list === 'object' ? texts.page.list.lede : undefined;
  return (
    <div className="container-page py-4 sm:py-8 lg:py-12">
      <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
        <AccountNav label={shell('navLabel')} items={items} />
        <div className="min-w-0 space-y-6 pt-6 lg:pt-0">
          <AccountHeading locale={locale} title={shell('titles.organisations')} lede={typeof lede === 'string' ? lede : undefined} />
          <OrgPanel initial={orgs} texts={texts} tag={localeEntries[locale].iso} serverZone={zone} />
        </div>
      </div>
    </div>
  );
}
