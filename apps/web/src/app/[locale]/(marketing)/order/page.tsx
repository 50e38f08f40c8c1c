import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ButtonLink, TextLink } from '@/features/site/components/button-link';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

const steps = ['choose', 'pay', 'use'] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'OrderPage' });
  return buildPageMetadata({ locale, path: '/order', title: t('title'), description: t('description') });
}

export default async function OrderPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'OrderPage' });

  return (
    <>
      <PageIntro title={t('heading')} lede={t('lede')}>
        <ButtonLink href="/pricing" variant="secondary">
          {t('comparePlans')}
        </ButtonLink>
      </PageIntro>
      <PageSection id="order-steps" title={t('stepsHeading')}>
        <ol className="grid gap-4 md:grid-cols-3">
          {steps.map((key, index) => (
            <li key={key} className="rounded-card border border-line bg-canvas p-6 shadow-card">
              <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{t(`steps.${key}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-ink-muted">{t(`steps.${key}.body`)}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl text-ink-muted">
          {t.rich('agreement', { link: (chunks) => <TextLink href="/legal/membership-agreement">{chunks}</TextLink> })}
        </p>
      </PageSection>
    </>
  );
}
