import type { TUserInfo } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@/features/account/components/account-heading';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import { ContactEditor } from '@/features/account-profile/components/contact-editor';
import { canRemove } from '@/features/account-profile/contact-flow';
import { NicknameForm } from '@/features/account-profile/components/nickname-form';
import { getProfileTexts } from '@/features/account-profile/server/profile-texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { formatDate } from '@/lib/format';
import { visitorZone } from '@/lib/visitor-zone-server';
import { Phrased } from '@/lib/phrases';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account/profile', 'profile');
}

/** Profile (nickname editable, username fixed) and contact details with their bind and change flows. */
export default async function AccountProfilePage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const api = await accountApi(locale, '/account/profile');
  const user = await api.get<TUserInfo>('/user/info');
  const shell = await getTranslations({ locale, namespace: 'accountShell' });
  const t = await getTranslations({ locale, namespace: 'AccountProfile' });
  const texts = await getProfileTexts(locale);
  const iso = localeEntries[locale].iso;
  const zone = await visitorZone();

  return (
    <section className="space-y-8">
      <AccountHeading locale={locale} title={shell('titles.profile')} />
      <section aria-labelledby="profile-heading" className="rounded-card border border-line p-4 sm:p-6">
        <h2 id="profile-heading" className="text-lg font-semibold text-balance break-keep text-ink">
          <Phrased text={t('profileHeading')} locale={locale} />
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-ink-muted">{t('username')}</dt>
            <dd className="font-medium break-all text-ink" data-testid="profile-username">
              {user.username}
            </dd>
            <dd className="mt-1 text-xs text-ink-muted">{t('usernameHint')}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">{t('memberSince')}</dt>
            <dd className="font-medium text-ink">{formatDate(user.createdAt, iso, 'long', zone)}</dd>
          </div>
        </dl>
        <div className="mt-6">
          <NicknameForm texts={texts} nickname={user.nickname} />
        </div>
      </section>

      <section aria-labelledby="contact-heading" className="rounded-card border border-line p-4 sm:p-6">
        <h2 id="contact-heading" className="text-lg font-semibold text-balance break-keep text-ink">
          <Phrased text={t('contactHeading')} locale={locale} />
        </h2>
        <p className="mt-2 max-w-3xl text-sm text-ink-muted">{t('contactLede')}</p>
        <div className="mt-2 divide-y divide-line">
          <ContactEditor
            texts={texts}
            kind="phone"
            current={user.mobile}
            verified={user.mobileVerified}
            removable={canRemove({ address: user.email, verified: user.emailVerified })}
          />
          <ContactEditor
            texts={texts}
            kind="email"
            current={user.email}
            verified={user.emailVerified}
            removable={canRemove({ address: user.mobile, verified: user.mobileVerified })}
          />
        </div>
      </section>
    </section>
  );
}
