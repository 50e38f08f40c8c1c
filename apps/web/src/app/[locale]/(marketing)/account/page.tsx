import type { TAmbassadorInfo, TManageCount, TMonitorAndQuality, TUserInfo } from '@llk/contracts';
import { ApiError } from '@llk/contracts/client';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountCard } from '@/features/account/components/account-card';
import { AccountHeading } from '@/features/account/components/account-heading';
import { memberState, termState, type TTermState } from '@/features/account/overview';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import { ButtonLink, TextLink } from '@/components/ui/button-link';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { formatDate, formatFen } from '@/lib/format';
import { visitorZone } from '@/lib/visitor-zone-server';
import { Phrased } from '@/lib/phrases';

// /account: the overview. Server-rendered from the existing routes (GET /user/info with the
// membership, /user/queryManageCount, /user/queryMonitorAndQuality, the ambassador page): plan
// and expiry with Renew, screen walls, the global channel and picture quality with their terms,
// the cross-border notice for the accounts it concerns (crossBorderNotice: registered from
// 1 July 2025 China time without the channel in force, with a device abroad; ADR 0034)
// and the ambassador's status.

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account', 'overview');
}

/** null when the call failed for another reason than the session (that one redirects). */
async function optional<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

export default async function AccountOverviewPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const api = await accountApi(locale, '/account');
  const [t, shell, info, manage, extras, ambassador, zone] = await Promise.all([
    getTranslations({ locale, namespace: 'accountOverview' }),
    getTranslations({ locale, namespace: 'accountShell' }),
    api.get<TUserInfo>('/user/info'),
    optional(api.get<TManageCount>('/user/queryManageCount')),
    optional(api.get<TMonitorAndQuality>('/user/queryMonitorAndQuality')),
    optional(api.get<TAmbassadorInfo>('/activity/participant/marketingAmbassador')),
    visitorZone(),
  ]);
  const tag = localeEntries[locale].iso;
  const now = new Date();
  const date = (iso: string) => formatDate(iso, tag, 'long', zone);
  const term = (state: TTermState) =>
    state.kind === 'active'
      ? t('activeUntil', { date: date(state.until) })
      : state.kind === 'ended'
        ? t('endedOn', { date: date(state.on) })
        : t('notActive');
  const member = memberState(info.member);
  // the nickname, which the profile says is shown on this site (ADR 0034)
  const name = info.nickname || info.username || '';
  const unavailable = <p className="text-ink-muted">{t('unavailable')}</p>;

  return (
    <div className="space-y-6" data-testid="account-overview">
      <AccountHeading locale={locale} title={shell('titles.overview')} lede={t('lede', { name })} />

      {extras?.crossBorderNotice && !info.cancellation ? (
        <div role="note" className="rounded-card border border-amber-300 bg-amber-50 p-5 text-ink" data-testid="channel-notice">
          <h2 className="font-semibold text-balance break-keep">
            <Phrased text={t('channelNoticeTitle')} locale={locale} />
          </h2>
          <p className="mt-1 leading-relaxed text-ink-soft">{t('channelNoticeBody')}</p>
          <ButtonLink href={{ pathname: '/pricing', hash: 'pricing-notes' }} size="sm" className="mt-3" data-testid="buy-channel">
            {t('buyChannel')}
          </ButtonLink>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <AccountCard
          locale={locale}
          title={t('planHeading')}
          testId="overview-plan"
          action={
            // an account scheduled for deletion is not invited to pay (ADR 0034): the
            // layout's banner offers the restore instead, and the API refuses orders until then
            info.cancellation ? undefined : (
              <ButtonLink href="/pricing" size="sm" data-testid="renew">
                {info.member.plan === 'PRO' || member.kind !== 'none' ? t('renew') : t('upgrade')}
              </ButtonLink>
            )
          }
        >
          <p className="text-2xl font-bold tracking-tight">{t(`plans.${info.member.plan}`)}</p>
          <p className="mt-1 text-ink-muted">
            {member.kind === 'active'
              ? t('validUntil', { date: date(member.until) })
              : member.kind === 'ended'
                ? t('expiredOn', { date: date(member.on) })
                : t('neverMember')}
          </p>
        </AccountCard>

        <AccountCard
          locale={locale}
          title={t('wallsHeading')}
          testId="overview-walls"
          action={
            <TextLink href={{ pathname: '/pricing', hash: 'pricing-notes' }} className="text-sm">
              {t('buyMore')}
            </TextLink>
          }
        >
          {extras ? <p className="text-2xl font-bold tracking-tight">{t('walls', { count: extras.monitorCount })}</p> : unavailable}
          {manage ? <p className="mt-1 text-ink-muted">{t('manageCount', { count: manage.manageCount })}</p> : null}
        </AccountCard>

        <AccountCard
          locale={locale}
          title={t('channelHeading')}
          testId="overview-channel"
          action={
            info.cancellation ? undefined : (
              <TextLink href={{ pathname: '/pricing', hash: 'pricing-notes' }} className="text-sm">
                {t('seeAddOns')}
              </TextLink>
            )
          }
        >
          {extras ? (
            <p className={extras.channelEnabled ? 'font-semibold text-brand-700' : 'text-ink-muted'}>
              {extras.channelEnabled && !extras.channelExpiresAt ? t('standardIncluded') : term(termState(extras.channelExpiresAt, now))}
            </p>
          ) : (
            unavailable
          )}
        </AccountCard>

        <AccountCard locale={locale} title={t('qualityHeading')} testId="overview-quality">
          {extras ? (
            <>
              <p className="text-2xl font-bold tracking-tight">{t(`tiers.${extras.qualityTier}`)}</p>
              <p className="mt-1 text-ink-muted">
                {extras.qualityTier === 'STANDARD' && !extras.qualityExpiresAt
                  ? t('standardIncluded')
                  : term(termState(extras.qualityExpiresAt, now))}
              </p>
            </>
          ) : (
            unavailable
          )}
        </AccountCard>

        {ambassador?.joined ? (
          <AccountCard
            locale={locale}
            title={t('referralHeading')}
            testId="overview-referral"
            action={
              <ButtonLink href="/promotionPlan" size="sm" variant="secondary">
                {t('openReferral')}
              </ButtonLink>
            }
          >
            {ambassador.joinedAt ? <p className="text-ink-muted">{t('referralSince', { date: date(ambassador.joinedAt) })}</p> : null}
            <p className="mt-1 font-semibold">{t('referred', { count: ambassador.referredCount })}</p>
            <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-ink-muted">{t('commissionPending')}</dt>
                <dd className="font-semibold tabular-nums">{formatFen(ambassador.totals.pendingFen, tag)}</dd>
              </div>
              <div>
                <dt className="text-ink-muted">{t('commissionEffective')}</dt>
                <dd className="font-semibold tabular-nums">{formatFen(ambassador.totals.effectiveFen, tag)}</dd>
              </div>
            </dl>
          </AccountCard>
        ) : null}

        <AccountCard
          locale={locale}
          title={t('ordersHeading')}
          testId="overview-orders"
          action={
            <ButtonLink href="/account/orders" size="sm" variant="secondary">
              {t('openOrders')}
            </ButtonLink>
          }
        >
          <p className="text-ink-muted">{t('ordersBody')}</p>
        </AccountCard>
      </div>
    </div>
  );
}
