import type { TUserInfo } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@/features/account/components/account-heading';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import { CancelForm, RestoreButton } from '@/features/account-profile/components/cancel-account';
import { getProfileTexts } from '@/features/account-profile/server/profile-texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { formatDate, formatDateTime } from '@/lib/format';
import { visitorZone } from '@/lib/visitor-zone-server';
import { Phrased } from '@/lib/phrases';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account/cancel', 'cancel');
}

const LOSSES = ['loseMembership', 'loseDevices', 'loseReferral', 'loseIdentity'] as const;

/** Account cancellation: what is lost, the CANCEL_ACCOUNT code; during the cooling-off, its end date and a one-click restore. */
export default async function AccountCancelPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const api = await accountApi(locale, '/account/cancel');
  const user = await api.get<TUserInfo>('/user/info');
  const shell = await getTranslations({ locale, namespace: 'accountShell' });
  const t = await getTranslations({ locale, namespace: 'AccountProfile' });
  const texts = await getProfileTexts(locale);
  const iso = localeEntries[locale].iso;
  const zone = await visitorZone();

  if (user.cancellation) {
    return (
      <section className="space-y-6">
        <AccountHeading locale={locale} title={shell('titles.cancel')} />
        <div
          role="status"
          className="max-w-2xl space-y-4 rounded-card border border-amber-300 bg-amber-50 p-4 sm:p-6"
          data-testid="cancel-pending"
        >
          <h2 className="text-lg font-semibold text-balance break-keep text-amber-900">
            <Phrased text={t('pendingHeading')} locale={locale} />
          </h2>
          <p className="text-sm text-amber-900">
            {t('pendingBody', {
              requested: formatDateTime(user.cancellation.requestedAt, iso, zone),
              date: formatDate(user.cancellation.eraseAt, iso, 'long', zone),
            })}
          </p>
          <RestoreButton texts={texts} />
        </div>
      </section>
    );
  }

  return (
    <section className="space-y-6">
      <AccountHeading locale={locale} title={shell('titles.cancel')} lede={t('cancelLede')} />
      <section aria-labelledby="loses-heading" className="max-w-2xl rounded-card border border-line p-4 sm:p-6">
        <h2 id="loses-heading" className="text-lg font-semibold text-balance break-keep text-ink">
          <Phrased text={t('losesHeading')} locale={locale} />
        </h2>
        <ul className="mt-3 list-disc space-y-2 ps-5 text-sm text-ink">
          {LOSSES.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-ink-muted">{t('keptNote')}</p>
        <p className="mt-2 text-sm font-medium text-ink">{t('coolingOff')}</p>
      </section>
      <CancelForm texts={texts} iso={iso} mobile={user.mobile} email={user.email} />
    </section>
  );
}
