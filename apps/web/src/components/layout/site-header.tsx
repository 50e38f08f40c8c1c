import { type TLocale, localeEntries } from '@llk/contracts/locales';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/link';
import { NotificationsSlot } from '@/features/notifications/notifications-slot';
import { getClientTexts } from '@/lib/client-texts';
import type { TTexts } from '@/lib/texts';
import { AccountMenu, HeaderPlan } from './account-menu';
import { LanguageSwitch } from './language-switch';
import { LogoLink } from './logo';
import { HEADER_NAV } from './nav-items';
import { NavLink } from './nav-link';
import { NavMenu } from './nav-menu';

/** The default layout's header. Server-rendered; only the menu button,
 * the language switch and the links' click handling run in the browser.
 * It fits every language at every width from 320 px (ADR 0020; the layout test in
 * e2e/tests/site-pages.spec.ts measures it on every page): below the `nav` breakpoint the links fold into
 * the menu; above it the language switch shows only its globe until `xl` and Log out is an
 * icon button with its name, so the longest account name (20 characters) and plan still fit.
 * Below the breakpoint the bar shows the plan and its expiry (HeaderPlan), and below 390 px the
 * brand name gives way to them (the logo mark stays). */
export async function SiteHeader({ locale }: { locale: TLocale }) {
  const [t, notifications, errors] = await Promise.all([
    getTranslations({ locale, namespace: 'Header' }),
    getClientTexts<TTexts>(locale, 'Notifications'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
  ]);
  return (
    <header className="group/header sticky top-0 z-40 border-b border-line/80 bg-canvas/90 backdrop-blur supports-[backdrop-filter]:bg-canvas/75">
      <div className="container-page relative flex h-(--header-height) items-center gap-2 min-[360px]:gap-3 nav:gap-4">
        <LogoLink locale={locale} />
        <div className="ml-auto flex min-w-0 items-center gap-1 nav:hidden">
          <HeaderPlan locale={locale} />
          <SearchLink label={t('search')} className="inline-flex" />
        </div>
        <NavMenu openLabel={t('openMenu')} closeLabel={t('closeMenu')}>
          <nav aria-label={t('navLabel')} className="nav:flex-1">
            <ul className="flex flex-col py-2 nav:flex-row nav:items-center nav:gap-0.5 nav:py-0">
              {HEADER_NAV.map((item) => (
                <li key={item.key}>
                  <NavLink
                    href={item.href}
                    className="flex h-12 items-center rounded-control px-3 text-base font-medium nav:text-sm min-[90rem]:text-[0.9375rem] text-ink-soft transition-colors hover:bg-surface-raised hover:text-ink aria-[current]:text-brand-700 nav:h-10 nav:whitespace-nowrap nav:px-2 aria-[current=page]:bg-brand-50"
                  >
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-col gap-3 border-t border-line pt-4 nav:flex-row nav:items-center nav:gap-1 nav:border-0 nav:pt-0">
            <SearchLink label={t('search')} className="hidden nav:inline-flex" />
            <LanguageSwitch locale={locale} inMenu />
            <AccountMenu locale={locale} />
          </div>
        </NavMenu>
        {/* signed-in users only; its code loads after hydration */}
        <NotificationsSlot texts={notifications} network={errors.network ?? ''} iso={localeEntries[locale].iso} />
      </div>
    </header>
  );
}

/** The way to search (ADR 0020): in the bar on phones, beside the language switch above. */
function SearchLink({ label, className }: { label: string; className: string }) {
  return (
    <Link
      href="/search"
      aria-label={label}
      title={label}
      className={`${className} size-10 shrink-0 items-center justify-center rounded-control text-ink-soft hover:bg-surface-raised hover:text-ink`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
      >
        <circle cx="11" cy="11" r="6.5" />
        <path d="M16 16l4.5 4.5" />
      </svg>
    </Link>
  );
}
