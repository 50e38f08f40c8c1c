import { type TLocale, localeEntries } from '@llk/contracts/locales';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/link';
import { AccountStatus, PlanChip, type TAccountStatusTexts } from '@/features/auth/components/account-status';
import { buttonClass } from '@/components/ui/button';

/**
 * The header's account area: Log in and Sign up for visitors; for a logged-in
 * user account name, current plan, expiry and Log Out. Rendered statically with the Login
 * link; the browser part (AccountStatus) swaps in the account once the session is known.
 */
export async function AccountMenu({ locale }: { locale: TLocale }) {
  const [t, texts] = await Promise.all([getTranslations({ locale, namespace: 'AccountMenu' }), statusTexts(locale)]);
  return (
    <AccountStatus texts={texts} iso={localeEntries[locale].iso}>
      <div className="flex items-center gap-2">
        <Link href="/login" className={buttonClass({ variant: 'quiet', size: 'header' })}>
          {t('login')}
        </Link>
        <Link href="/signup" className={buttonClass({ size: 'header' }, 'shadow-sm')}>
          {t('signup')}
        </Link>
      </div>
    </AccountStatus>
  );
}

/** The plan and expiry in the phone's header bar, for a logged-in user (PlanChip). */
export async function HeaderPlan({ locale }: { locale: TLocale }) {
  return <PlanChip texts={await statusTexts(locale)} iso={localeEntries[locale].iso} />;
}

async function statusTexts(locale: TLocale): Promise<TAccountStatusTexts> {
  const status = await getTranslations({ locale, namespace: 'AccountStatus' });
  return {
    label: status('label'),
    plans: { FREE: status('planFree'), PRO: status('planPro') },
    validUntil: status.raw('validUntil') as string,
    expiredOn: status.raw('expiredOn') as string,
    untilShort: status.raw('untilShort') as string,
    endedShort: status.raw('endedShort') as string,
    deletion: status.raw('deletion') as string,
    deletionShort: status.raw('deletionShort') as string,
    noExpiry: status('noExpiry'),
    logout: status('logout'),
  };
}
