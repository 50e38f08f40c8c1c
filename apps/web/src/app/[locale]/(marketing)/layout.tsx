import type { TLocale } from '@llk/contracts/locales';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { WechatShare } from '@/features/site/components/wechat-share';

/** The default layout: header, main, footer. */
export default async function MarketingLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = (await params).locale as TLocale;
  setRequestLocale(locale);
  const [t, share] = await Promise.all([getTranslations({ locale, namespace: 'Layout' }), getTranslations({ locale, namespace: 'share' })]);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-canvas px-4 py-2 font-medium text-brand-700 shadow-popover focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader locale={locale} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter locale={locale} />
      <WechatShare title={share('title')} desc={share('desc')} />
    </>
  );
}
