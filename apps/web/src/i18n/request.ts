import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const [contracts, common] = await Promise.all([
    import(`@llk/contracts/messages/en`).then((m) => m.default),
    import(`../../messages/${locale}/common.json`).then((m) => m.default),
  ]);
  return { locale, messages: { ...contracts, ...common } };
});
