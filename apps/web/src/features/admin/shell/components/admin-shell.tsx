import type { TAdminMe } from '@llk/contracts';
import type { TStaffLocale } from '@llk/contracts/admin-roles';
import type { ReactNode } from 'react';
import { visibleSections } from '@/features/admin/shell/nav';
import { getAdminT } from '@/features/admin/shell/server/admin-session';
import { AdminNav } from './admin-nav';
import { LanguageSwitch } from './language-switch';
import { LogoutButton } from './logout-button';
import Link from 'next/link';
import { DisclosureChevron } from '@/components/ui/disclosure-chevron';

// The frame of every signed-in /admin page: a top bar (who, language, log out) and the sections
// the staff member's role may open — a sidebar from 1024 px, a disclosure menu below.

export async function AdminShell({ me, language, children }: { me: TAdminMe; language: TStaffLocale; children: ReactNode }) {
  const t = await getAdminT('AdminShell');
  // the refund queue's size is the back office's alert for refunds staff must decide (ADR 0015)
  const badges: Record<string, number | undefined> = { refunds: me.refundQueue };
  const items = visibleSections(me.permissions).map((section) => ({
    key: section.key,
    href: section.href,
    text: t(`nav.${section.key}`),
    badge: badges[section.key] || undefined,
  }));
  const waiting = items.reduce((sum, item) => sum + (item.badge ?? 0), 0);
  const names = { 'zh-CN': t('languages.zh-CN'), en: t('languages.en') };
  return (
    <div className="min-h-dvh bg-surface">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-control focus:bg-canvas focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-canvas">
        <div className="flex min-h-14 flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 lg:px-6">
          <Link href="/admin" className="font-semibold text-ink">
            {t('brand')}
          </Link>
          {/* on a phone: the brand and the controls on one line, who is signed in on the next */}
          <p className="order-3 w-full truncate text-sm text-ink-muted sm:order-none sm:w-auto" data-testid="admin-whoami">
            {t('signedInAs', { username: me.username, role: t(`roles.${me.role}`) })}
          </p>
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <LanguageSwitch current={language} label={t('language')} names={names} signedIn />
            <Link
              href="/admin/passkeys"
              className="text-sm text-brand-700 underline-offset-4 hover:underline"
              data-testid="admin-passkeys-link"
            >
              {t('passkeys')}
            </Link>
            <LogoutButton text={t('logout')} />
          </div>
        </div>
      </header>
      <div className="lg:flex">
        <aside className="hidden w-56 shrink-0 border-r border-line bg-canvas p-3 lg:block lg:min-h-[calc(100dvh-3.5rem)]">
          <AdminNav label={t('navLabel')} items={items} />
        </aside>
        <details className="group border-b border-line bg-canvas px-4 py-2 lg:hidden">
          <summary className="no-marker flex min-h-10 cursor-pointer list-none items-center justify-between gap-3 text-sm font-medium text-ink">
            <span>
              {t('menu')}
              {/* the alerts of the sections inside, seen without opening the menu (each entry inside carries its own) */}
              {waiting ? (
                <span
                  aria-hidden="true"
                  className="ml-2 inline-flex min-w-5 justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white tabular-nums"
                  data-testid="admin-menu-badge"
                >
                  {waiting}
                </span>
              ) : null}
            </span>
            <DisclosureChevron className="size-5 text-ink-muted" />
          </summary>
          <div className="pt-2">
            <AdminNav label={t('navLabel')} items={items} />
          </div>
        </details>
        <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
