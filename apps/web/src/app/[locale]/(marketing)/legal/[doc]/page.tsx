import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { isLegalDocSlug, LEGAL_UPDATED, legalDocs, type LegalDocSlug } from '@/features/legal/legal-docs';
import { TextLink } from '@/components/ui/button-link';
import { getBrand, resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { formatDay } from '@/lib/format';
import { buildPageMetadata } from '@/lib/metadata';
import { Phrased } from '@/lib/phrases';

type Params = LocaleParams<{ doc: string }>;

export const dynamicParams = false;

export function generateStaticParams() {
  return Object.keys(legalDocs).map((doc) => ({ doc }));
}

async function resolveDoc(params: Params): Promise<LegalDocSlug> {
  const { doc } = await params;
  if (!isLegalDocSlug(doc)) notFound();
  return doc;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const doc = await resolveDoc(params);
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: `LegalPage.${legalDocs[doc].key}` }), getBrand(locale)]);
  return buildPageMetadata({ locale, path: `/legal/${doc}`, title: t('title'), description: t('description', { brand }) });
}

export default async function LegalPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const doc = await resolveDoc(params);
  const { key, sections } = legalDocs[doc];
  const [t, tPage, brand] = await Promise.all([
    getTranslations({ locale, namespace: `LegalPage.${key}` }),
    getTranslations({ locale, namespace: 'LegalPage' }),
    getBrand(locale),
  ]);
  const others = (Object.keys(legalDocs) as LegalDocSlug[]).filter((other) => other !== doc);

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="border-b border-line pb-8">
        <h1 className="text-2xl font-bold tracking-tight text-balance break-keep text-ink min-[24rem]:text-3xl sm:text-4xl">
          <Phrased text={t('title')} locale={locale} />
        </h1>
        <p className="mt-3 text-sm text-ink-muted">{tPage('updated', { date: formatDay(LEGAL_UPDATED, localeEntries[locale].iso) })}</p>
        <p className="mt-6 text-lg leading-relaxed text-ink-muted">{t('intro', { brand })}</p>
      </header>
      {sections.map((section, index) => (
        <section key={section} aria-labelledby={`legal-${section}`} className="mt-10">
          <h2 id={`legal-${section}`} className="text-xl font-semibold text-balance break-keep text-ink">
            {index + 1}. <Phrased text={t(`sections.${section}.title`)} locale={locale} />
          </h2>
          <p className="mt-3 leading-relaxed whitespace-pre-line text-ink-soft">{t(`sections.${section}.body`, { brand })}</p>
        </section>
      ))}
      <nav aria-label={tPage('otherDocs')} className="mt-12 border-t border-line pt-6">
        <h2 className="text-sm font-semibold text-balance break-keep text-ink">
          <Phrased text={tPage('otherDocs')} locale={locale} />
        </h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {others.map((other) => (
            <li key={other}>
              <TextLink href={`/legal/${other}`}>{tPage(`${legalDocs[other].key}.title`)}</TextLink>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
