import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AmbassadorPanel } from '@/features/referral/components/ambassador-panel';
import { AmbassadorHeading, AmbassadorState, PayoutRule } from '@/features/referral/components/ambassador-state';
import { getReferralTexts } from '@/features/referral/server/referral-texts';
import { ButtonLink, TextLink } from '@/components/ui/button-link';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';
import { Phrased } from '@/lib/phrases';

// The referral programme's rules: a link binds for 60 days, 20% commission, effective after 7
// days without a refund (ADR 0009). The page stays static: whether the visitor is
// logged in, has joined, and their link and commissions are fetched in the browser by
// AmbassadorPanel (features/referral), which shows the server-rendered log-in prompt otherwise.
// The heading and the payout rule follow what the panel loads (AmbassadorState): a member who
// has joined reads the heading of their own page, and the payout threshold once it is known.
const rules = ['commission', 'excluded', 'binding', 'settlement', 'selfReferral', 'newUsers'] as const;
const back = { redirectUrl: '/promotionPlan' };

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'PromotionPlanPage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/promotionPlan', title: t('title'), description: t('description', { brand }) });
}

export default async function PromotionPlanPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, r, brand, texts] = await Promise.all([
    getTranslations({ locale, namespace: 'PromotionPlanPage' }),
    getTranslations({ locale, namespace: 'Referral' }),
    getBrand(locale),
    getReferralTexts(locale),
  ]);

  const visitor = (
    <div className="space-y-3">
      <p className="text-ink-muted">{r('loginPrompt')}</p>
      <ButtonLink href={{ pathname: '/login', query: back }} className="w-full" data-testid="ambassador-login">
        {t('joinNow')}
      </ButtonLink>
      <p className="text-sm text-ink-muted">
        {r.rich('noAccount', { link: (chunks) => <TextLink href={{ pathname: '/signup', query: back }}>{chunks}</TextLink> })}
      </p>
    </div>
  );

  // AuthIntro's heading block, with a heading that changes once the panel knows the visitor has joined
  return (
    <AmbassadorState>
      <div data-wide="">
        <h1 className="text-2xl font-bold tracking-tight text-balance break-keep text-ink sm:text-3xl">
          <AmbassadorHeading
            visitor={<Phrased text={t('heading', { brand })} locale={locale} />}
            member={<Phrased text={t('memberHeading')} locale={locale} />}
          />
        </h1>
        <p className="mt-3 leading-relaxed text-pretty text-ink-muted">{t('lede')}</p>
        <div className="mt-8 space-y-4">
          <section aria-labelledby="promotion-rules">
            <h2 id="promotion-rules" className="text-lg font-semibold text-ink">
              {t('rulesHeading')}
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed text-ink-muted marker:text-brand-600">
              {rules.map((key) => (
                <li key={key}>{t(`rules.${key}`)}</li>
              ))}
              <PayoutRule generic={texts.payoutRule ?? ''} withThreshold={texts.payoutRuleThreshold ?? ''} />
            </ul>
          </section>
          <AmbassadorPanel texts={texts} visitor={visitor} />
        </div>
      </div>
    </AmbassadorState>
  );
}
