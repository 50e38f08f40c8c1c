import fp from 'fastify-plugin';
import { localeFromAcceptLanguage, translate, type TLocale, type TMessageParams } from '@llk/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** From Accept-Language (zh-CN without one, en when none of ours fits), for every message. */
    readonly locale: TLocale;
    /** A contracts message ('errors.usernameTaken', 'success.codeSent', …) in request.locale. */
    t(key: string, params?: TMessageParams): string;
  }
}

const cache = new WeakMap<object, TLocale>();

export default fp(
  async (app) => {
    // A getter rather than an onRequest hook: the error and not-found handlers also need the
    // locale, including for requests that failed before any hook ran.
    app.decorateRequest('locale', {
      getter(): TLocale {
        let locale = cache.get(this);
        if (!locale) {
          locale = localeFromAcceptLanguage(this.headers['accept-language']);
          cache.set(this, locale);
        }
        return locale;
      },
    });
    app.decorateRequest('t', function (key: string, params?: TMessageParams) {
      return translate(this.locale, key, params);
    });
  },
  { name: 'i18n' },
);
