import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthIntro } from '@/features/auth/components/auth-intro';
import { AmbassadorPanel } from '@/features/referral/components/ambassador-panel';
import { getReferralTexts } from '@/features/referral/server/referral-texts';
import { ButtonLink, TextLink } from '@/features/site/components/button-link';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

// Referral rules of spec sections 4 and 9. The page stays static: whether the visitor is
// logged in, has joined, and their link and commissions are fetched in the browser by
// AmbassadorPanel (features/referral), which shows the server-rendered log-in prompt otherwise.
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

  return (
    <AuthIntro locale={locale} title={t('heading', { brand })} lede={t('lede')} wide>
      <section aria-labelledby="promotion-rules">
        <h2 id="promotion-rules" className="text-lg font-semibold text-ink">
          {t('rulesHeading')}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed text-ink-muted marker:text-brand-600">
          {rules.map((key) => (
            <li key={key}>{t(`rules.${key}`)}</li>
          ))}
        </ul>
      </section>
      <AmbassadorPanel texts={texts} visitor={visitor} />
    </AuthIntro>
  );
}
