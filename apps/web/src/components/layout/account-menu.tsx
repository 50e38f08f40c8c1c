import type { TLocale } from '@llk/contracts';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/link';

/**
 * The header's account area. For now the Login link; the accounts issue turns it into the
 * logged-in view (account name, current plan, expiry, Log Out) from the session store
 * (lib/session.ts), keeping this Login link as the logged-out state.
 */
export async function AccountMenu({ locale }: { locale: TLocale }) {
  const t = await getTranslations({ locale, namespace: 'AccountMenu' });
  return (
    <Link
      href="/login"
      className="inline-flex h-10 items-center justify-center whitespace-nowrap rounded-control bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-700"
    >
      {t('login')}
    </Link>
  );
}
