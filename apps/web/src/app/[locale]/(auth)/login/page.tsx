import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthIntro } from '@/features/auth/components/auth-intro';
import { LoginForm } from '@/features/auth/components/login-form';
import { getAuthTexts } from '@/features/auth/server/auth-texts';
import PasskeyLoginButton from '@/features/account-passkeys/components/passkey-login-button';
import { getPasskeyLoginTexts } from '@/features/account-passkeys/server/passkeys-texts';
import { TextLink } from '@/components/ui/button-link';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { getClientTexts } from '@/lib/client-texts';
import { buildPageMetadata } from '@/lib/metadata';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'LoginPage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/login', title: t('title'), description: t('description', { brand }) });
}

export default async function LoginPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'LoginPage' }), getBrand(locale)]);

  return (
    <AuthIntro locale={locale} title={t('heading', { brand })} lede={t('lede')}>
      {/* While the second step is asked (the form shows [data-second-step]), the page shows only
          what that step needs: the passkey, sign-up and reset ways in give way. */}
      <div className="group/login space-y-4">
        <LoginForm
          texts={await getAuthTexts(locale, 'LoginForm')}
          secondStep={await getClientTexts<Record<string, string>>(locale, 'SecondStep')}
        />
        <div className="space-y-4 group-has-[[data-second-step]]/login:hidden" data-first-step>
          <PasskeyLoginButton texts={await getPasskeyLoginTexts(locale)} />
          <p className="text-sm text-ink-muted">
            {t.rich('signupPrompt', { link: (chunks) => <TextLink href="/signup">{chunks}</TextLink> })}
          </p>
          <p className="text-sm">
            <TextLink href="/resetPW">{t('forgotPassword')}</TextLink>
          </p>
        </div>
      </div>
    </AuthIntro>
  );
}
