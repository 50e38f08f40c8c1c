import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AccountNav } from '@/features/account/components/account-nav';
import { ACCOUNT_SECTIONS } from '@/features/account/sections';
import { PendingDeletion } from '@/features/account/server/pending-deletion';
import { resolveLocale } from '@/features/site/page-locale';

/**
 * The account area inside the default layout: the section navigation (tabs on phones, a side
 * column from `lg`) and the section's page. Log-in is required: the proxy and each page's
 * accountApi() send visitors to /login?redirectUrl=… (features/account/server/account-session.ts).
 * An account scheduled for deletion shows it above every section's page, with the restore
 * (PendingDeletion, ADR 0034).
 */
export default async function AccountLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'accountShell' });
  const items = ACCOUNT_SECTIONS.map((section) => ({ ...section, label: t(`sections.${section.key}`) }));
  return (
    <div className="container-page py-4 sm:py-8 lg:py-12 print:max-w-none print:p-0">
      <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
        <AccountNav label={t('navLabel')} items={items} />
        <div className="min-w-0 pt-6 lg:pt-0 print:pt-0">
          <PendingDeletion locale={locale} />
          {children}
        </div>
      </div>
    </div>
  );
}
