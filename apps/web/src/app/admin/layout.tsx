import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { ToastRegion } from '@/components/toast-region';
import { getAdminContext, getAdminT } from '@/features/admin/shell/server/admin-session';
import { ICONS, THEME_COLOR } from '@/lib/metadata';
import { ZONE_COOKIE_SCRIPT } from '@/lib/visitor-zone';
import { visitorZone } from '@/lib/visitor-zone-server';
import '../globals.css';

// Root layout of the back office (ADR 0019): its own <html>, in the staff member's language
// (zh-CN or en, features/admin/shell/language.ts), never indexed, dynamic (every page reads the staff
// cookie). Client components of /admin read their texts with next-intl's useTranslations: the
// provider below carries the staff-only messages (messages-admin/), not the public ones.

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getAdminT('AdminShell');
  return { title: { default: t('title'), template: `%s · ${t('title')}` }, icons: ICONS, robots: { index: false, follow: false } };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: THEME_COLOR, colorScheme: 'light' };

export default async function AdminRootLayout({ children }: { children: ReactNode }) {
  const { language, messages } = await getAdminContext();
  const t = await getAdminT('AdminShell');
  // next-intl's zone is the staff member's (the llk-tz cookie), as every time shown (docs/adr/0031)
  const timeZone = await visitorZone();
  return (
    <html lang={language}>
      <body>
        <script dangerouslySetInnerHTML={{ __html: ZONE_COOKIE_SCRIPT }} />
        <NextIntlClientProvider locale={language} messages={messages as never} timeZone={timeZone} now={new Date()} formats={{}}>
          {children}
        </NextIntlClientProvider>
        <ToastRegion label={t('notifications')} />
      </body>
    </html>
  );
}
