import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CommentFilter } from '@/features/home/components/comment-filter';
import { ClientMockup } from '@/features/home/components/client-mockup';
import { FeatureIcon, type TFeatureIcon } from '@/features/home/components/feature-icons';
import { MonitorWall } from '@/features/home/components/monitor-wall';
import { PhoneGamepadMockup } from '@/features/home/components/phone-gamepad-mockup';
import { COMMENT_CATEGORIES, COMMENTS, hideClasses } from '@/features/home/comments';
import { Link } from '@/components/link';
import { ButtonLink } from '@/components/ui/button-link';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';
import { Phrased } from '@/lib/phrases';

const figures = ['resolution', 'refreshRate', 'bitrate', 'color'] as const;
const platforms = ['windows', 'macos', 'ios', 'android', 'linux'] as const;
const accelerators = ['NVIDIA', 'Intel', 'Apple'] as const;
const wallPoints = ['groups', 'live', 'switch'] as const;
const playPoints = ['overlay', 'controller', 'latency'] as const;
const features: readonly TFeatureIcon[] = ['privacyScreen', 'peripherals', 'audio', 'oneAccount', 'deviceGroups', 'globalChannel'];

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
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1fr_1.15fr] lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700">{t('eyebrow')}</p>
            <h1 id="home-heading" className="mt-3 text-display font-bold text-balance break-keep text-ink">
              <Phrased text={t('heading')} locale={locale} />
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
          <div className="mx-auto w-full max-w-md bg-[radial-gradient(closest-side,var(--color-brand-100),transparent)] lg:max-w-none">
            <ClientMockup />
          </div>
        </div>
      </section>

      <section aria-labelledby="home-wall" className="bg-surface">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_1.3fr] lg:px-8">
          <div>
            <h2 id="home-wall" className="text-2xl font-semibold tracking-tight text-balance break-keep text-ink sm:text-3xl">
              <Phrased text={t('wall.heading')} locale={locale} />
            </h2>
            <p className="mt-4 leading-relaxed text-ink-muted">{t('wall.body')}</p>
            <ul className="mt-6 space-y-3">
              {wallPoints.map((key) => (
                <li key={key} className="flex gap-3 leading-relaxed text-ink-soft">
                  <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-brand-600" />
                  {t(`wall.points.${key}`)}
                </li>
              ))}
            </ul>
          </div>
          <MonitorWall />
        </div>
      </section>

      <section aria-labelledby="home-play" className="bg-canvas">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.3fr_1fr] lg:px-8">
          <div className="lg:order-last">
            <h2 id="home-play" className="text-2xl font-semibold tracking-tight text-balance break-keep text-ink sm:text-3xl">
              <Phrased text={t('play.heading')} locale={locale} />
            </h2>
            <p className="mt-4 leading-relaxed text-ink-muted">{t('play.body')}</p>
            <ul className="mt-6 space-y-3">
              {playPoints.map((key) => (
                <li key={key} className="flex gap-3 leading-relaxed text-ink-soft">
                  <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-brand-600" />
                  {t(`play.points.${key}`)}
                </li>
              ))}
            </ul>
          </div>
          <PhoneGamepadMockup />
        </div>
      </section>

      <section aria-labelledby="home-figures" className="border-y border-line bg-canvas">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
          <h2 id="home-figures" className="text-center text-2xl font-semibold tracking-tight text-balance break-keep text-ink">
            <Phrased text={t('figuresHeading')} locale={locale} />
          </h2>
          <dl className="mt-8 grid grid-cols-1 gap-4 min-[22.5rem]:grid-cols-2 lg:grid-cols-4">
            {figures.map((key) => (
              <div key={key} className="flex flex-col-reverse rounded-card bg-surface p-4 text-center sm:p-5">
                <dt className="mt-1 text-sm break-keep text-ink-muted">
                  <Phrased text={t(`figures.${key}.label`)} locale={locale} />
                </dt>
                <dd className="text-2xl font-bold tracking-tight text-brand-700 sm:text-3xl">{t(`figures.${key}.value`)}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-8 flex flex-wrap items-center justify-center gap-2">
            <span className="text-sm font-medium text-ink-soft">{t('accelerationLabel')}</span>
            <ul className="flex flex-wrap gap-2">
              {accelerators.map((name) => (
                <li key={name} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
                  {name}
                </li>
              ))}
            </ul>
          </div>
          <p className="mx-auto mt-6 max-w-3xl text-center leading-relaxed text-ink-muted">{t('acceleration')}</p>
        </div>
      </section>

      <section aria-labelledby="home-features" className="bg-canvas">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="home-features" className="text-center text-2xl font-semibold tracking-tight text-balance break-keep text-ink">
            <Phrased text={t('featuresHeading')} locale={locale} />
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((key) => (
              <li key={key} className="rounded-card border border-line bg-canvas p-6 shadow-card">
                <span className="inline-flex size-11 items-center justify-center rounded-control bg-brand-50 text-brand-700">
                  <FeatureIcon name={key} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-balance break-keep text-ink">
                  <Phrased text={t(`features.${key}.title`)} locale={locale} />
                </h3>
                <p className="mt-2 leading-relaxed text-ink-muted">{t(`features.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="home-platforms" className="bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-12 text-center sm:px-6 lg:px-8">
          <h2 id="home-platforms" className="text-2xl font-semibold tracking-tight text-balance break-keep text-ink">
            <Phrased text={t('platformsHeading')} locale={locale} />
          </h2>
          <p className="mx-auto mt-3 max-w-2xl leading-relaxed text-ink-muted">{t('platformsBody')}</p>
          {/* each platform leads to its card on the download page (its id is the platform key) */}
          <ul className="mt-6 flex flex-wrap justify-center gap-2">
            {platforms.map((key) => (
              <li key={key}>
                <Link
                  href={`/download#${key}`}
                  data-platform-link={key}
                  className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-line bg-canvas px-4 text-sm font-medium text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-700"
                >
                  {t(`platforms.${key}`)}
                  <span aria-hidden="true" className="text-ink-muted">
                    →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="home-comments" className="bg-canvas">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="home-comments" className="text-2xl font-semibold tracking-tight text-balance break-keep text-ink">
            <Phrased text={t('comments.heading')} locale={locale} />
          </h2>
          <p className="mt-3 max-w-3xl leading-relaxed text-ink-muted">{t('comments.intro', { brand })}</p>
          <div className="mt-6">
            <CommentFilter
              label={t('comments.filterLabel')}
              options={[
                { key: 'all', label: t('comments.filters.all'), status: t('comments.statusAll', { count: COMMENTS.length }) },
                ...COMMENT_CATEGORIES.map((key) => ({
                  key,
                  label: t(`comments.filters.${key}`),
                  status: t('comments.status', {
                    count: COMMENTS.filter((c) => c.category === key).length,
                    group: t(`comments.filters.${key}`),
                  }),
                })),
              ]}
            >
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {COMMENTS.map(({ key, category }) => (
                  <li
                    key={key}
                    data-category={category}
                    className={`${hideClasses(category)} rounded-card border border-line bg-surface p-6`}
                  >
                    <figure className="flex h-full flex-col">
                      <blockquote className="flex-1 leading-relaxed text-ink-soft">
                        <p>{t(`comments.items.${key}.text`)}</p>
                      </blockquote>
                      <figcaption className="mt-4 text-sm">
                        <span className="font-semibold text-ink">{t(`comments.items.${key}.name`)}</span>
                        <span className="block text-ink-muted">{t(`comments.items.${key}.role`)}</span>
                      </figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </CommentFilter>
          </div>
        </div>
      </section>
    </>
  );
}
