import type { TLocale } from '@llk/contracts/locales';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/link';
import { Phrased } from '@/lib/phrases';
import { legalPath } from '@/lib/routes';
import { getFilings } from '@/lib/site';
import { LogoMark } from './logo';

const COLUMNS = [
  {
    heading: 'productHeading',
    links: [
      ['pricing', '/pricing'],
      ['download', '/download'],
      ['cloudPc', '/cloudPc'],
      ['guide', '/guide'],
    ],
  },
  {
    heading: 'companyHeading',
    links: [
      ['about', '/about'],
      ['news', '/news-1'],
      ['ambassador', '/promotionPlan'],
      ['contact', '/contact'],
    ],
  },
  {
    heading: 'legalHeading',
    links: [
      ['security', '/security'],
      ['privacy', legalPath('privacy')],
      ['terms', legalPath('terms')],
      ['valueAddedServices', legalPath('value-added-services')],
    ],
  },
] as const;

/** The default layout's footer: site links, legal documents, filing numbers, copyright. */
export async function SiteFooter({ locale }: { locale: TLocale }) {
  const [t, brand, footer] = await Promise.all([
    getTranslations({ locale, namespace: 'Footer' }),
    getTranslations({ locale, namespace: 'app.title' }),
    getTranslations({ locale, namespace: 'footer' }),
  ]);
  return (
    <footer className="mt-auto border-t border-line bg-surface text-sm">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[minmax(0,1.6fr)_repeat(3,minmax(0,1fr))]">
        <div className="max-w-xs">
          <p className="flex items-center gap-2.5 text-base font-semibold text-ink">
            <LogoMark className="size-7" />
            {brand('1')}
          </p>
          <p className="mt-3 leading-relaxed text-ink-muted">{t('tagline')}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.heading} aria-labelledby={`footer-${column.heading}`}>
            <h2 id={`footer-${column.heading}`} className="font-semibold text-balance break-keep text-ink">
              <Phrased text={t(column.heading)} locale={locale} />
            </h2>
            <ul className="mt-3 space-y-1">
              {column.links.map(([key, href]) => (
                <li key={key}>
                  <Link
                    href={href}
                    className="-mx-1 inline-flex min-h-8 items-center px-1 text-ink-muted transition-colors hover:text-brand-700"
                  >
                    {t(key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <div className="container-page flex flex-col gap-2 py-6 text-ink-muted md:flex-row md:items-center md:justify-between">
          <p>{t('copyright', { year: new Date().getFullYear(), name: footer('name') })}</p>
          <Filings />
        </div>
      </div>
    </footer>
  );
}

/** ICP and public-security filing numbers, each shown only when configured (README). */
function Filings() {
  const { icp, psb } = getFilings();
  if (!icp && !psb) return null;
  return (
    <p className="flex flex-wrap gap-x-5 gap-y-1">
      {icp ? (
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" className="hover:text-brand-700">
          {icp}
        </a>
      ) : null}
      {psb ? (
        <a href={psb.url} target="_blank" rel="noopener noreferrer" className="hover:text-brand-700">
          {psb.text}
        </a>
      ) : null}
    </p>
  );
}
