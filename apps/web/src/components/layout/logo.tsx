import { getTranslations } from 'next-intl/server';
import type { TLocale } from '@llk/contracts/locales';
import { Link } from '@/components/link';

/** The logo mark of public/imgs/logo.svg, inline so it needs no request. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 120 120" className={className}>
      <rect width="120" height="120" rx="28" className="fill-brand-600" />
      <rect x="22" y="28" width="76" height="52" rx="9" fill="none" stroke="#fff" strokeWidth="8" />
      <path d="M60 80v12M44 94h32" fill="none" stroke="#fff" strokeWidth="8" strokeLinecap="round" />
      <path d="M50 40l26 14-11 3 7 11-6 4-7-11-9 8z" fill="#fff" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** Logo + brand name (message app.title.1), linking home. */
export async function LogoLink({ locale }: { locale: TLocale }) {
  const [brand, header] = await Promise.all([
    getTranslations({ locale, namespace: 'app.title' }),
    getTranslations({ locale, namespace: 'Header' }),
  ]);
  return (
    <Link href="/" locale={locale} aria-label={header('homeLabel')} className="flex shrink-0 items-center gap-2.5 rounded-control text-ink">
      <LogoMark />
      {/* in the header below 390 px, the name gives way to a logged-in user's plan (site-header.tsx) */}
      <span className="text-[1.0625rem] font-semibold tracking-tight max-[389px]:group-has-[[data-plan-chip]]/header:sr-only">
        {brand('1')}
      </span>
    </Link>
  );
}
