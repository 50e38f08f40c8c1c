import 'server-only';
import type { TUserInfo } from '@llk/contracts';
import { ApiError } from '@llk/contracts/client';
import { type TLocale, localeEntries } from '@llk/contracts/locales';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { SESSION_COOKIE } from '@/features/auth/session-cookies';
import { getProfileTexts } from '@/features/account-profile/server/profile-texts';
import { createServerApi } from '@/lib/api-server';
import { formatDate } from '@/lib/format';
import { visitorZone } from '@/lib/visitor-zone-server';
import { DeletionBanner } from '../components/deletion-banner';

/**
 * The account layout's pending-deletion banner: GET /user/info with the visitor's session;
 * nothing when there is no cancellation, no session or no answer (each page handles those).
 */
export async function PendingDeletion({ locale }: { locale: TLocale }) {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  let info: TUserInfo;
  try {
    info = await createServerApi(locale, { token }).get<TUserInfo>('/user/info');
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  if (!info.cancellation) return null;
  const [t, texts, zone] = await Promise.all([
    getTranslations({ locale, namespace: 'AccountProfile' }),
    getProfileTexts(locale),
    visitorZone(),
  ]);
  const date = formatDate(info.cancellation.eraseAt, localeEntries[locale].iso, 'long', zone);
  return <DeletionBanner text={t('pendingNotice', { date })} texts={texts} />;
}
