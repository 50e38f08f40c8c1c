import type { TLocale } from '@llk/contracts/locales';
import { getTranslations } from 'next-intl/server';
import { AccountMenu } from './account-menu';
import { LanguageSwitch } from './language-switch';
import { LogoLink } from './logo';
import { HEADER_NAV } from './nav-items';
import { NavLink } from './nav-link';
import { NavMenu } from './nav-menu';

/** The default layout's header (spec section 2). Server-rendered; only the menu button,
 * the language switch and the links' click handling run in the browser. */
export async function SiteHeader({ locale }: { locale: TLocale }) {
  const t = await getTranslations({ locale, namespace: 'Header' });
  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-canvas/90 backdrop-blur supports-[backdrop-filter]:bg-canvas/75">
      <div className="container-page relative flex h-(--header-height) items-center gap-6">
        <LogoLink locale={locale} />
        <NavMenu openLabel={t('openMenu')} closeLabel={t('closeMenu')}>
          <nav aria-label={t('navLabel')} className="nav:flex-1">
            <ul className="flex flex-col py-2 nav:flex-row nav:items-center nav:gap-0.5 nav:py-0">
              {HEADER_NAV.map((item) => (
                <li key={item.key}>
                  <NavLink
                    href={item.href}
                    className="flex h-12 items-center rounded-control px-3 text-base font-medium nav:text-[0.9375rem] text-ink-soft transition-colors hover:bg-surface-raised hover:text-ink aria-[current]:text-brand-700 nav:h-10 nav:whitespace-nowrap nav:px-2.5 aria-[current=page]:bg-brand-50"
                  >
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-col gap-3 border-t border-line pt-4 nav:flex-row nav:items-center nav:gap-2 nav:border-0 nav:pt-0">
            <LanguageSwitch locale={locale} inMenu />
            <AccountMenu locale={locale} />
          </div>
        </NavMenu>
      </div>
    </header>
  );
}
