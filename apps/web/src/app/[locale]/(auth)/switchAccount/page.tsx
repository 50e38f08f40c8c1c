import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { AuthIntro } from '@/features/auth/components/auth-intro';
import { SESSION_COOKIE } from '@/features/auth/session-cookies';
import { SWITCH_COOKIE, decodePendingSwitch } from '@/features/auth/switch-account';
import { ButtonLink } from '@/components/ui/button-link';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { getApiOrigin } from '@/lib/api-origin';
import { buildPageMetadata } from '@/lib/metadata';

// A link with an access key for another account was opened while this visitor is signed in
// (the proxy sent them here and keeps the key in the llk_switch cookie for its minute). The
// page names only the account they are signed in to: the other one is not theirs to see until
// they choose to switch. The answer is a plain form POST, taken by the proxy (docs/adr/0012).

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'SwitchAccountPage' });
  return buildPageMetadata({ locale, path: '/switchAccount', title: t('title'), description: t('heading'), noIndex: true });
}

/** Nickname (else username) of the signed-in account; null when the session is gone. */
async function signedInName(token: string | undefined, locale: string): Promise<string | null> {
  if (!token) return null;
  try {
    const response = await fetch(`${getApiOrigin()}/user/info`, {
      headers: { authorization: token, 'accept-language': locale, accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(5000),
    });
    const body = (await response.json()) as { errcode?: number; data?: { nickname?: string; username?: string | null } };
    return body.errcode === 0 ? body.data?.nickname || body.data?.username || null : null;
  } catch {
    return null;
  }
}

const buttonClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-control px-5 py-2.5 text-base font-semibold transition-colors';

export default async function SwitchAccountPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'SwitchAccountPage' });
  const jar = await cookies();
  const pending = decodePendingSwitch(jar.get(SWITCH_COOKIE)?.value);

  if (!pending) {
    return (
      <AuthIntro locale={locale} title={t('expiredHeading')} lede={t('expiredLede')}>
        <ButtonLink href="/" className="w-full">
          {t('home')}
        </ButtonLink>
      </AuthIntro>
    );
  }

  const name = await signedInName(jar.get(SESSION_COOKIE)?.value, locale);
  return (
    <AuthIntro locale={locale} title={t('heading')} lede={name ? t('signedInAs', { name }) : t('signedOut')}>
      <p className="leading-relaxed text-pretty text-ink" data-testid="switch-question">
        {t('question')}
      </p>
      <form method="post" className="space-y-3">
        <button type="submit" name="choice" value="switch" className={`${buttonClass} bg-brand-600 text-white hover:bg-brand-700`}>
          {t('switch')}
        </button>
        <button
          type="submit"
          name="choice"
          value="stay"
          className={`${buttonClass} border border-line-strong bg-canvas text-ink hover:border-ink-muted hover:bg-surface`}
        >
          {name ? t('stay', { name }) : t('cancel')}
        </button>
      </form>
    </AuthIntro>
  );
}
