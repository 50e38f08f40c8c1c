import { PASSKEY_NAME_MAX, PASSKEYS_PER_ACCOUNT_MAX } from '@llk/contracts';
import { localeEntries } from '@llk/contracts/locales';
import type { Metadata } from 'next';
import { AccountHeading } from '@/features/account/components/account-heading';
import { accountApi, accountMetadata } from '@/features/account/server/account-session';
import PasskeysPanel from '@/features/account-passkeys/components/passkeys-panel';
import { getPasskeysTexts } from '@/features/account-passkeys/server/passkeys-texts';
import { AlertsSwitch } from '@/features/account-security/components/alerts-switch';
import { ChangePasswordForm } from '@/features/account-security/components/change-password-form';
import { SecuritySection } from '@/features/account-security/components/security-section';
import { LoginHistory, type TLoginEventView } from '@/features/account-security/components/login-history';
import { SessionsList } from '@/features/account-security/components/sessions-list';
import { TwoStepPanel, type TTotpStatusView } from '@/features/account-security/components/two-step-panel';
import type { TSecurityTexts, TSessionView, TTextTree } from '@/features/account-security/texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { getClientTexts } from '@/lib/client-texts';
import { phrasedHeadings } from '@/lib/phrases';
import { visitorZone } from '@/lib/visitor-zone-server';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return accountMetadata(await resolveLocale(params), '/account/security', 'security');
}

/**
 * /account/security: password, two-step verification, passkeys (their panel draws its own
 * card), signed-in devices, recent sign-ins, sign-in alerts.
 */
export default async function AccountSecurityPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const api = await accountApi(locale, '/account/security');
  const [info, totp, sessions, history, settings, all, validation, success, errors] = await Promise.all([
    api.get<{ username: string | null; mobile: string | null }>('/user/info'),
    api.get<TTotpStatusView>('/user/totp'),
    api.get<{ sessions: TSessionView[] }>('/user/sessions'),
    api.get<{ events: TLoginEventView[] }>('/user/loginHistory'),
    api.get<{ newDeviceAlerts: boolean }>('/user/notificationSettings'),
    getClientTexts<TTextTree>(locale, 'AccountSecurity'),
    getClientTexts<Record<string, string>>(locale, 'validation'),
    getClientTexts<Record<string, string>>(locale, 'success'),
    getClientTexts<Record<string, string>>(locale, 'errors'),
  ]);
  const [shell, passkeyTexts] = await Promise.all([getClientTexts<TTextTree>(locale, 'accountShell'), getPasskeysTexts(locale)]);
  const group = (key: string) => (all[key] ?? {}) as Record<string, string>;
  const texts: TSecurityTexts = {
    password: group('password'),
    twoStep: group('twoStep'),
    sessions: group('sessions'),
    alerts: group('alerts'),
    validation,
    success,
    network: errors.network ?? '',
    headings: phrasedHeadings(['backupTitle'], (key) => group('twoStep')[key] ?? '', locale),
  };
  const tag = localeEntries[locale].iso;
  const title = (shell.titles as Record<string, string> | undefined)?.security ?? '';

  return (
    <div className="space-y-6">
      <AccountHeading locale={locale} title={title} lede={typeof all.lede === 'string' ? all.lede : undefined} />
      <SecuritySection locale={locale} id="password" title={texts.password.title ?? ''} lede={texts.password.lede}>
        <ChangePasswordForm texts={texts} />
      </SecuritySection>
      <SecuritySection locale={locale} id="two-step" title={texts.twoStep.title ?? ''} lede={texts.twoStep.lede}>
        <TwoStepPanel status={totp} account={info.username ?? info.mobile ?? ''} languageTag={tag} texts={texts} />
      </SecuritySection>
      <PasskeysPanel texts={passkeyTexts} tag={tag} nameMax={PASSKEY_NAME_MAX} maxPasskeys={PASSKEYS_PER_ACCOUNT_MAX} />
      <SecuritySection locale={locale} id="sessions" title={texts.sessions.title ?? ''} lede={texts.sessions.lede}>
        <SessionsList initial={sessions.sessions} languageTag={tag} texts={texts} />
      </SecuritySection>
      <SecuritySection locale={locale} id="sign-ins" title={String(group('history').title ?? '')} lede={group('history').lede}>
        <LoginHistory
          events={history.events}
          languageTag={tag}
          timeZone={await visitorZone()}
          texts={(all.history ?? {}) as TTextTree}
          sessionTexts={texts.sessions}
        />
      </SecuritySection>
      <SecuritySection locale={locale} id="alerts" title={texts.alerts.title ?? ''} lede={texts.alerts.lede}>
        <AlertsSwitch initial={settings.newDeviceAlerts} texts={texts} />
      </SecuritySection>
    </div>
  );
}
