import { getContractMessages } from '@llk/contracts';
import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing } from './routing';

// Messages of a locale: the contracts' texts (namespaces errors, validation, success), the
// shared web texts (messages/<locale>/common.json), the page texts (pages.json), the account
// screens (account.json), the content features: news, guide, search (content.json), and
// pricing, ordering and payment (commerce.json), the referral programme (referral.json) and
// cloud-PC rental (cloud-pc.json), the account area's shell, overview and orders (account-home.json),
// its profile, contact details and cancellation (account-profile.json).
// passkeys (account-passkeys.json), devices (account-devices.json), screen walls, seats and
// redemption codes (account-fleet.json), connection records and live sessions (connections.json),
// the header's notifications (notifications.json), organisations: joining one and the list (org.json).
// Each file's top-level keys are namespaces; files must not share a namespace.
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const files = await Promise.all([
    import(`../../messages/${locale}/common.json`).then((m) => m.default),
    import(`../../messages/${locale}/pages.json`).then((m) => m.default),
    import(`../../messages/${locale}/account.json`).then((m) => m.default),
    import(`../../messages/${locale}/content.json`).then((m) => m.default),
    import(`../../messages/${locale}/commerce.json`).then((m) => m.default),
    import(`../../messages/${locale}/referral.json`).then((m) => m.default),
    import(`../../messages/${locale}/cloud-pc.json`).then((m) => m.default),
    import(`../../messages/${locale}/account-home.json`).then((m) => m.default),
    import(`../../messages/${locale}/account-security.json`).then((m) => m.default),
    import(`../../messages/${locale}/account-profile.json`).then((m) => m.default),
    import(`../../messages/${locale}/account-passkeys.json`).then((m) => m.default),
    import(`../../messages/${locale}/account-devices.json`).then((m) => m.default),
    import(`../../messages/${locale}/account-fleet.json`).then((m) => m.default),
    import(`../../messages/${locale}/connections.json`).then((m) => m.default),
    import(`../../messages/${locale}/notifications.json`).then((m) => m.default),
    import(`../../messages/${locale}/org.json`).then((m) => m.default),
  ]);
  return { locale, messages: Object.assign({ ...getContractMessages(locale) }, ...files) };
});
