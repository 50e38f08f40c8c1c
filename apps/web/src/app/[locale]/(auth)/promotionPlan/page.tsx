import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthIntro } from '@/features/auth/components/auth-intro';
import { ButtonLink } from '@/features/site/components/button-link';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

// Referral rules of spec sections 4 and 9.
const rules = ['commission', 'binding', 'settlement', 'newUsers'] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'PromotionPlanPage' }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: '/promotionPlan', title: t('title'), description: t('description', { brand }) });
}

export default async function PromotionPlanPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'PromotionPlanPage' }), getBrand(locale)]);

  return (
    <AuthIntro title={t('heading', { brand })} lede={t('lede')} wide>
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
      <ButtonLink href={{ pathname: '/login', query: { redirectUrl: '/promotionPlan' } }} className="w-full">
        {t('joinNow')}
      </ButtonLink>
    </AuthIntro>
  );
}
