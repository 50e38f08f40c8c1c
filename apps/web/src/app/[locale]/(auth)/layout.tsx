import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { LogoLink } from '@/components/layout/logo';
import { WechatShare } from '@/features/site/components/wechat-share';
import { resolveLocale } from '@/features/site/page-locale';
import { legalPath } from '@/lib/routes';

/**
 * The auth layout (login, signup, resetPW, pay, promotionPlan): logo home, language switch,
 * a centred card under a visible way back to the site (the logo alone was not seen as one;
 * ADR 0020), a short legal footer. The card is 28 rem wide; a page that needs more room
 * (promotionPlan) marks its root element with `data-wide`. Inside the WeChat browser the page
 * sets its share card like the marketing pages (a shared /promotionPlan or /signup link).
 */
export default async function AuthLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  // Validated here too: Next renders a layout alongside the root layout's notFound(), so a
  // file-like path (/apple-touch-icon.png) would reach it with the file name as the locale.
  const locale = await resolveLocale(params);
  const [t, footer, share, layout] = await Promise.all([
    getTranslations({ locale, namespace: 'Footer' }),
    getTranslations({ locale, namespace: 'footer' }),
    getTranslations({ locale, namespace: 'share' }),
    getTranslations({ locale, namespace: 'AuthLayout' }),
  ]);
  return (
    <div className="flex flex-1 flex-col bg-linear-to-b from-brand-50/70 via-surface to-surface">
      <header className="container-page flex h-(--header-height) items-center justify-between gap-4">
        <LogoLink locale={locale} />
        <LanguageSwitch locale={locale} />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center sm:py-10">
        <div className="w-full max-w-md has-data-wide:max-w-3xl">
          <Link
            href="/"
            className="-ml-2 mb-2 inline-flex min-h-11 items-center gap-1.5 rounded-control px-2 text-sm font-medium text-ink-soft hover:text-brand-700"
            data-testid="back-to-site"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M12.5 15l-5-5 5-5" />
            </svg>
            {layout('backToSite')}
          </Link>
          <div className="rounded-panel border border-line bg-canvas p-6 shadow-card sm:p-8">{children}</div>
        </div>
      </main>
      <footer className="container-page flex flex-col items-center gap-2 py-6 text-sm text-ink-muted">
        <ul className="flex flex-wrap justify-center gap-x-5 gap-y-1">
          <li>
            <Link href={legalPath('privacy')} className="hover:text-brand-700">
              {t('privacy')}
            </Link>
          </li>
          <li>
            <Link href={legalPath('terms')} className="hover:text-brand-700">
              {t('terms')}
            </Link>
          </li>
          <li>
            <Link href={legalPath('value-added-services')} className="hover:text-brand-700">
              {t('valueAddedServices')}
            </Link>
          </li>
        </ul>
        <p>{t('copyright', { year: new Date().getFullYear(), name: footer('name') })}</p>
      </footer>
      <WechatShare title={share('title')} desc={share('desc')} />
    </div>
  );
}
