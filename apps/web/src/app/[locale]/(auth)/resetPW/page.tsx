import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthIntro } from '@/features/auth/components/auth-intro';
import { ResetForm } from '@/features/auth/components/reset-form';
import { getAuthTexts } from '@/features/auth/server/auth-texts';
import { TextLink } from '@/components/ui/button-link';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'ResetPasswordPage' });
  return buildPageMetadata({ locale, path: '/resetPW', title: t('title'), description: t('description') });
}

export default async function ResetPasswordPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'ResetPasswordPage' });

  return (
    <AuthIntro locale={locale} title={t('heading')} lede={t('lede')}>
      <ResetForm texts={await getAuthTexts(locale, 'ResetForm')} />
      <p className="text-sm">
        <TextLink href="/login">{t('backToLogin')}</TextLink>
      </p>
    </AuthIntro>
  );
}
