import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localeEntries, locales, type TLocale } from '@llk/contracts/locales';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitchMenu } from './language-switch-menu';

/** Server half of the language switch: hands the client part only the data it needs. */
export async function LanguageSwitch({ locale, inMenu }: { locale: TLocale; inMenu?: boolean }) {
  const t = await getTranslations({ locale, namespace: 'LanguageSwitch' });
  const options = locales.map((code) => ({ code, name: localeEntries[code].name, iso: localeEntries[code].iso }));
  return (
    <LanguageSwitchMenu
      current={locale}
      options={options}
      cookie={{ name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE }}
      label={t('label')}
      inMenu={inMenu}
    />
  );
}
