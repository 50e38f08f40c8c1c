import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { HeroIllustration } from '@/features/home/components/hero-illustration';
import { ButtonLink } from '@/features/site/components/button-link';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

const figures = ['resolution', 'refreshRate', 'bitrate', 'color'] as const;
const platforms = ['windows', 'macos', 'ios', 'android', 'linux'] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'HomePage' });
  return buildPageMetadata({ locale, path: '/', title: t('title'), description: t('description'), template: 'home' });
}

export default async function HomePage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'HomePage' }), getBrand(locale)]);

  return (
    <>
      <section aria-labelledby="home-heading" className="overflow-hidden bg-linear-to-b from-brand-50 via-canvas to-canvas">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700">{t('eyebrow')}</p>
            <h1 id="home-heading" className="mt-3 text-4xl font-bold tracking-tight text-balance break-keep text-ink sm:text-5xl">
              {t('heading')}
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-ink-muted">{t('lede', { brand })}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink href="/download">{t('ctaDownload')}</ButtonLink>
              <ButtonLink href="/pricing" variant="secondary">
                {t('ctaPricing')}
              </ButtonLink>
            </div>
            <p className="mt-6 text-sm text-ink-muted">{t('freeNote')}</p>
          </div>
          <div className="mx-auto w-full max-w-md lg:max-w-none">
            <HeroIllustration />
          </div>
        </div>
      </section>

      <section aria-labelledby="home-figures" className="border-y border-line bg-canvas">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
          <h2 id="home-figures" className="text-center text-2xl font-semibold tracking-tight text-ink">
            {t('figuresHeading')}
          </h2>
          <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {figures.map((key) => (
              <div key={key} className="flex flex-col-reverse rounded-card bg-surface p-5 text-center">
                <dt className="mt-1 text-sm text-ink-muted">{t(`figures.${key}.label`)}</dt>
                <dd className="text-2xl font-bold tracking-tight text-brand-700 sm:text-3xl">{t(`figures.${key}.value`)}</dd>
              </div>
            ))}
          </dl>
          <p className="mx-auto mt-8 max-w-3xl text-center leading-relaxed text-ink-muted">{t('acceleration')}</p>
        </div>
      </section>

      <section aria-labelledby="home-platforms" className="bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-12 text-center sm:px-6 lg:px-8">
          <h2 id="home-platforms" className="text-2xl font-semibold tracking-tight text-ink">
            {t('platformsHeading')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl leading-relaxed text-ink-muted">{t('platformsBody')}</p>
          <ul className="mt-6 flex flex-wrap justify-center gap-2">
            {platforms.map((key) => (
              <li key={key} className="rounded-full border border-line bg-canvas px-4 py-1.5 text-sm font-medium text-ink-soft">
                {t(`platforms.${key}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
