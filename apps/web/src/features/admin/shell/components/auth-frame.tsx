import type { ReactNode } from 'react';
import { getAdminContext, getAdminT } from '@/features/admin/shell/server/admin-session';
import { LanguageSwitch } from './language-switch';

/** The frame of the pages before a staff session exists (log-in, set-up): a card and the language switch. */
export async function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { language } = await getAdminContext();
  const t = await getAdminT('AdminShell');
  return (
    <div className="min-h-dvh bg-surface px-4 py-8 sm:py-16">
      <div className="mx-auto flex max-w-md items-center justify-between gap-3 pb-4">
        <span className="font-semibold text-ink">{t('brand')}</span>
        <LanguageSwitch
          current={language}
          label={t('language')}
          names={{ 'zh-CN': t('languages.zh-CN'), en: t('languages.en') }}
          signedIn={false}
        />
      </div>
      <main className="mx-auto max-w-md rounded-card border border-line bg-canvas p-6 shadow-card sm:p-8">
        <h1 className="text-xl font-semibold text-ink">{title}</h1>
        {children}
      </main>
    </div>
  );
}
