import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthIntro } from '@/features/auth/components/auth-intro';
import { SignupForm } from '@/features/auth/components/signup-form';
import { getAuthTexts } from '@/features/auth/server/auth-texts';
import { TextLink } from '@/components/ui/button-link';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'SignupPage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/signup', title: t('title'), description: t('description', { brand }) });
}

export default async function SignupPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'SignupPage' }), getBrand(locale)]);

  return (
    <AuthIntro locale={locale} title={t('heading', { brand })} lede={t('lede')}>
      <SignupForm texts={await getAuthTexts(locale, 'SignupForm')} />
      <p className="text-sm text-ink-muted">
        {t.rich('agreement', {
          terms: (chunks) => <TextLink href="/legal/terms">{chunks}</TextLink>,
          privacy: (chunks) => <TextLink href="/legal/privacy">{chunks}</TextLink>,
        })}
      </p>
      <p className="text-sm text-ink-muted">{t.rich('loginPrompt', { link: (chunks) => <TextLink href="/login">{chunks}</TextLink> })}</p>
    </AuthIntro>
  );
}
