import type { TOrgInvitationPreview, TUserInfo } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button-link';
import { AccountHeading } from '@/features/account/components/account-heading';
import { SESSION_COOKIE } from '@/features/auth/session-cookies';
import { JoinPanel } from '@/features/org/components/join-panel';
import { accountLabel, joinLoad, readToken } from '@/features/org/join-state';
import { getOrgTexts } from '@/features/org/server/org-texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { getPathname } from '@/i18n/navigation';
import { createServerApi } from '@/lib/api-server';
import { loginHref } from '@/lib/login-href';
import { buildPageMetadata } from '@/lib/metadata';
import { visitorZone } from '@/lib/visitor-zone-server';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'Org.join' });
  return buildPageMetadata({ locale, path: '/org/join', title: t('title'), description: t('description'), noIndex: true });
}

/**
 * /org/join?token=…: the invitation link of ADR 0044. The preview (public) is read here, so the
 * organisation, role and expiry show without JavaScript; a link the API refuses shows its message
 * in the page's language. With a session the page names the account (masked, from /user/info)
 * and the panel accepts; a dead session counts as signed out (features/org/README.md).
 */
export default async function OrgJoinPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const token = readToken(await searchParams);
  const api = createServerApi(locale);
  const [texts, zone, result] = await Promise.all([
    getOrgTexts(locale),
    visitorZone(),
    token === null
      ? Promise.resolve({ ok: false as const, error: null })
      : api.get<TOrgInvitationPreview>('/org/invitation/preview', { query: { token } }).then(
          (data) => ({ ok: true as const, data }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
  ]);
  const load = joinLoad(token, result);
  const t = await getTranslations({ locale, namespace: 'Org.join' });

  if (load.kind !== 'preview' || token === null) {
    const message = load.kind === 'invalid' ? load.message : load.kind === 'missing' ? t('missingToken') : t('unavailable');
    return (
      <div className="container-page py-8 sm:py-12">
        <div className="mx-auto max-w-2xl space-y-6" data-testid="join-invalid" data-kind={load.kind}>
          <AccountHeading locale={locale} title={t('invalidTitle')} />
          <p role="alert" className="rounded-control bg-red-50 p-4 text-red-800" data-testid="join-invalid-message">
            {message}
          </p>
          <ButtonLink href="/" variant="secondary">
            {t('home')}
          </ButtonLink>
        </div>
      </div>
    );
  }

  const sessionToken = (await cookies()).get(SESSION_COOKIE)?.value;
  const user = sessionToken
    ? await createServerApi(locale, { token: sessionToken })
        .get<TUserInfo>('/user/info')
        .catch(() => null)
    : null;
  const back = getPathname({ href: '/org/join', locale });
  const search = `?${new URLSearchParams({ token }).toString()}`;
  return (
    <div className="container-page py-8 sm:py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <AccountHeading
          locale={locale}
          title={t('heading', { org: load.preview.orgName })}
          lede={t('lede', { org: load.preview.orgName })}
        />
        <JoinPanel
          locale={locale}
          tag={localeEntries[locale].iso}
          texts={texts}
          token={token}
          preview={load.preview}
          account={user ? accountLabel(user, load.preview.channel) : null}
          loginHref={loginHref('/login', back, search)}
          signupHref={loginHref('/signup', back, search)}
          serverZone={zone}
        />
      </div>
    </div>
  );
}
