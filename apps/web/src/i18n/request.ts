import { getContractMessages } from '@llk/contracts';
import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing } from './routing';

// Messages of a locale: the contracts' texts (namespaces errors, validation, success), the
// shared web texts (messages/<locale>/common.json) and the page texts (pages.json).
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const [common, pages] = await Promise.all([
    import(`../../messages/${locale}/common.json`).then((m) => m.default),
    import(`../../messages/${locale}/pages.json`).then((m) => m.default),
  ]);
  return { locale, messages: { ...getContractMessages(locale), ...common, ...pages } };
});
