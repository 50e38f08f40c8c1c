import { localeEntries, type TLocale } from '@llk/contracts';
import { formatMoment } from '../../infrastructure/time-text';

// The new-device sign-in alert, in every locale. {time} is the sign-in's date and time on the
// account's clock (its stored zone, else China time) with that zone's offset, as the web writes
// every time (docs/adr/0031): "Nov 23, 2026, 12:30 AM (UTC+8)", "2026年11月23日 00:30（UTC+8）",
// "22 nov 2026, 17:30 (UTC+1)". {device} is "Chrome on Windows".

interface AlertTexts {
  subject: string;
  body: string;
  sms: string;
}

const texts: Record<TLocale, AlertTexts> = {
  'zh-CN': {
    subject: 'LLK Remote：您的账号在新设备上登录',
    body: '您的 LLK Remote 账号于 {time}在新设备上登录：{device}，IP {ip}，{location}。如果这是您本人的操作，请忽略此邮件；如果不是，请立即修改密码，并在“账号安全”中退出该设备。',
    sms: '【LLK Remote】您的账号于 {time}在新设备（{device}）上登录。如非本人操作，请立即修改密码。',
  },
  'zh-tw': {
    subject: 'LLK Remote：您的帳號在新裝置上登入',
    body: '您的 LLK Remote 帳號於 {time}在新裝置上登入：{device}，IP {ip}，{location}。如果這是您本人的操作，請忽略此郵件；如果不是，請立即變更密碼，並在「帳號安全」中登出該裝置。',
    sms: '【LLK Remote】您的帳號於 {time}在新裝置（{device}）上登入。如非本人操作，請立即變更密碼。',
  },
  en: {
    subject: 'LLK Remote: new sign-in to your account',
    body: 'Your LLK Remote account was signed in to from a new device at {time}: {device}, IP {ip}, {location}. If this was you, you can ignore this email. If not, change your password now and sign that device out under Account security.',
    sms: '[LLK Remote] Your account was signed in to from a new device ({device}) at {time}. If this was not you, change your password now.',
  },
  es: {
    subject: 'LLK Remote: nuevo inicio de sesión en tu cuenta',
    body: 'Se ha iniciado sesión en tu cuenta de LLK Remote desde un dispositivo nuevo el {time}: {device}, IP {ip}, {location}. Si has sido tú, puedes ignorar este correo. Si no, cambia tu contraseña ahora y cierra la sesión de ese dispositivo en Seguridad de la cuenta.',
    sms: '[LLK Remote] Se ha iniciado sesión en tu cuenta desde un dispositivo nuevo ({device}) el {time}. Si no has sido tú, cambia tu contraseña ahora.',
  },
  fr: {
    subject: 'LLK Remote : nouvelle connexion à votre compte',
    body: 'Une connexion à votre compte LLK Remote a eu lieu depuis un nouvel appareil le {time} : {device}, IP {ip}, {location}. Si c’était vous, ignorez cet e-mail. Sinon, changez votre mot de passe dès maintenant et déconnectez cet appareil dans Sécurité du compte.',
    sms: '[LLK Remote] Connexion à votre compte depuis un nouvel appareil ({device}) le {time}. Si ce n’était pas vous, changez votre mot de passe.',
  },
  ja: {
    subject: 'LLK Remote：新しいデバイスからのログイン',
    body: '{time}に、新しいデバイスから LLK Remote アカウントへのログインがありました：{device}、IP {ip}、{location}。ご本人による操作であれば、このメールは無視してください。お心当たりがない場合は、すぐにパスワードを変更し、「アカウントのセキュリティ」でそのデバイスをログアウトしてください。',
    sms: '【LLK Remote】{time}に新しいデバイス（{device}）からログインがありました。お心当たりがない場合は、すぐにパスワードを変更してください。',
  },
  ko: {
    subject: 'LLK Remote: 새 기기에서 계정에 로그인했습니다',
    body: '{time}에 새 기기에서 LLK Remote 계정에 로그인했습니다: {device}, IP {ip}, {location}. 본인이 로그인한 경우 이 메일을 무시하셔도 됩니다. 본인이 아니라면 지금 비밀번호를 변경하고 계정 보안에서 해당 기기를 로그아웃하세요.',
    sms: '[LLK Remote] {time}에 새 기기({device})에서 계정에 로그인했습니다. 본인이 아니라면 지금 비밀번호를 변경하세요.',
  },
};

const ON: Record<TLocale, string> = { 'zh-CN': ' / ', 'zh-tw': ' / ', en: ' on ', es: ' en ', fr: ' sur ', ja: ' / ', ko: ' / ' };
const UNKNOWN: Record<TLocale, string> = {
  'zh-CN': '未知设备',
  'zh-tw': '未知裝置',
  en: 'unknown device',
  es: 'dispositivo desconocido',
  fr: 'appareil inconnu',
  ja: '不明なデバイス',
  ko: '알 수 없는 기기',
};
const NOWHERE: Record<TLocale, string> = {
  'zh-CN': '位置未知',
  'zh-tw': '位置不明',
  en: 'location unknown',
  es: 'ubicación desconocida',
  fr: 'lieu inconnu',
  ja: '場所不明',
  ko: '위치 알 수 없음',
};

/** A moment on the account's clock, its offset in the script's parentheses (lib/time-text.ts). */
function momentText(time: Date, locale: TLocale, timeZone: string): string {
  return formatMoment(time, localeEntries[locale].iso, timeZone);
}

export function renderNewDeviceAlert(
  locale: TLocale,
  values: { time: Date; timeZone: string; browser: string | null; os: string | null; ip: string | null; location: string | null },
): AlertTexts {
  const t = texts[locale] ?? texts.en;
  const device =
    values.browser && values.os ? `${values.browser}${ON[locale]}${values.os}` : (values.browser ?? values.os ?? UNKNOWN[locale]);
  const fill = (text: string) =>
    text
      .replaceAll('{time}', momentText(values.time, locale, values.timeZone))
      .replaceAll('{device}', device)
      .replaceAll('{ip}', values.ip ?? '?')
      .replaceAll('{location}', values.location ?? NOWHERE[locale]);
  return { subject: fill(t.subject), body: fill(t.body), sms: fill(t.sms) };
}

// The password-changed alert (a change while signed in, or a reset by code), to every verified
// contact. {time} as in the new-device alert.
const passwordTexts: Record<TLocale, AlertTexts> = {
  'zh-CN': {
    subject: 'LLK Remote：您的账号密码已修改',
    body: '您的 LLK Remote 账号密码已于 {time}修改，所有设备上的登录均已退出。如果这是您本人的操作，请忽略此邮件；如果不是，请立即通过“忘记密码？”重设密码并联系客服。',
    sms: '【LLK Remote】您的账号密码已于 {time}修改。如非本人操作，请立即重设密码并联系客服。',
  },
  'zh-tw': {
    subject: 'LLK Remote：您的帳號密碼已變更',
    body: '您的 LLK Remote 帳號密碼已於 {time}變更，所有裝置上的登入均已登出。如果這是您本人的操作，請忽略此郵件；如果不是，請立即透過「忘記密碼？」重設密碼並聯絡客服。',
    sms: '【LLK Remote】您的帳號密碼已於 {time}變更。如非本人操作，請立即重設密碼並聯絡客服。',
  },
  en: {
    subject: 'LLK Remote: your password was changed',
    body: 'The password of your LLK Remote account was changed at {time}, and every device was signed out. If this was you, you can ignore this email. If not, reset your password now with “Forgot your password?” and contact support.',
    sms: '[LLK Remote] Your password was changed at {time}. If this was not you, reset it now and contact support.',
  },
  es: {
    subject: 'LLK Remote: se ha cambiado tu contraseña',
    body: 'La contraseña de tu cuenta de LLK Remote se cambió el {time} y se cerró la sesión en todos los dispositivos. Si has sido tú, puedes ignorar este correo. Si no, restablece tu contraseña ahora con «¿Has olvidado la contraseña?» y contacta con soporte.',
    sms: '[LLK Remote] Tu contraseña se cambió el {time}. Si no has sido tú, restablécela ahora y contacta con soporte.',
  },
  fr: {
    subject: 'LLK Remote : votre mot de passe a été modifié',
    body: 'Le mot de passe de votre compte LLK Remote a été modifié le {time} et tous les appareils ont été déconnectés. Si c’était vous, ignorez cet e-mail. Sinon, réinitialisez votre mot de passe dès maintenant avec « Mot de passe oublié » et contactez l’assistance.',
    sms: '[LLK Remote] Votre mot de passe a été modifié le {time}. Si ce n’était pas vous, réinitialisez-le et contactez l’assistance.',
  },
  ja: {
    subject: 'LLK Remote：パスワードが変更されました',
    body: '{time}に LLK Remote アカウントのパスワードが変更され、すべてのデバイスからログアウトしました。ご本人による操作であれば、このメールは無視してください。お心当たりがない場合は、すぐに「パスワードをお忘れですか？」からパスワードを再設定し、サポートにお問い合わせください。',
    sms: '【LLK Remote】{time}にパスワードが変更されました。お心当たりがない場合は、すぐに再設定し、サポートにお問い合わせください。',
  },
  ko: {
    subject: 'LLK Remote: 비밀번호가 변경되었습니다',
    body: '{time}에 LLK Remote 계정의 비밀번호가 변경되어 모든 기기에서 로그아웃되었습니다. 본인이 변경한 경우 이 메일을 무시하셔도 됩니다. 본인이 아니라면 지금 “비밀번호를 잊으셨나요?”에서 비밀번호를 재설정하고 고객센터에 문의하세요.',
    sms: '[LLK Remote] {time}에 비밀번호가 변경되었습니다. 본인이 아니라면 지금 재설정하고 고객센터에 문의하세요.',
  },
};

// Two-step verification switched off, and a cancellation requested: the other security events
// every verified contact hears of (ADR 0028). {time} as above.
const twoStepOffTexts: Record<TLocale, AlertTexts> = {
  'zh-CN': {
    subject: 'LLK Remote：您的账号已关闭两步验证',
    body: '您的 LLK Remote 账号已于 {time}关闭两步验证，此后登录只需密码或验证码。如果这是您本人的操作，请忽略此邮件；如果不是，请立即修改密码，重新开启两步验证，并联系客服。',
    sms: '【LLK Remote】您的账号已于 {time}关闭两步验证。如非本人操作，请立即修改密码并联系客服。',
  },
  'zh-tw': {
    subject: 'LLK Remote：您的帳號已關閉兩步驟驗證',
    body: '您的 LLK Remote 帳號已於 {time}關閉兩步驟驗證，此後登入只需密碼或驗證碼。如果這是您本人的操作，請忽略此郵件；如果不是，請立即變更密碼，重新開啟兩步驟驗證，並聯絡客服。',
    sms: '【LLK Remote】您的帳號已於 {time}關閉兩步驟驗證。如非本人操作，請立即變更密碼並聯絡客服。',
  },
  en: {
    subject: 'LLK Remote: two-step verification was turned off',
    body: 'Two-step verification of your LLK Remote account was turned off at {time}; signing in now needs only a password or a code. If this was you, you can ignore this email. If not, change your password now, turn two-step verification back on and contact support.',
    sms: '[LLK Remote] Two-step verification was turned off at {time}. If this was not you, change your password now and contact support.',
  },
  es: {
    subject: 'LLK Remote: se ha desactivado la verificación en dos pasos',
    body: 'La verificación en dos pasos de tu cuenta de LLK Remote se desactivó el {time}; ahora basta una contraseña o un código para iniciar sesión. Si has sido tú, puedes ignorar este correo. Si no, cambia tu contraseña ahora, vuelve a activar la verificación en dos pasos y contacta con soporte.',
    sms: '[LLK Remote] Se desactivó la verificación en dos pasos el {time}. Si no has sido tú, cambia tu contraseña y contacta con soporte.',
  },
  fr: {
    subject: 'LLK Remote : la validation en deux étapes a été désactivée',
    body: 'La validation en deux étapes de votre compte LLK Remote a été désactivée le {time} ; un mot de passe ou un code suffit désormais pour se connecter. Si c’était vous, ignorez cet e-mail. Sinon, changez votre mot de passe dès maintenant, réactivez la validation en deux étapes et contactez l’assistance.',
    sms: '[LLK Remote] Validation en deux étapes désactivée le {time}. Si ce n’était pas vous, changez votre mot de passe et contactez l’assistance.',
  },
  ja: {
    subject: 'LLK Remote：2 段階認証が無効になりました',
    body: '{time}に LLK Remote アカウントの 2 段階認証が無効になりました。今後はパスワードまたは確認コードだけでログインできます。ご本人による操作であれば、このメールは無視してください。お心当たりがない場合は、すぐにパスワードを変更して 2 段階認証を有効に戻し、サポートにお問い合わせください。',
    sms: '【LLK Remote】{time}に 2 段階認証が無効になりました。お心当たりがない場合は、すぐにパスワードを変更し、サポートにお問い合わせください。',
  },
  ko: {
    subject: 'LLK Remote: 2단계 인증이 해제되었습니다',
    body: '{time}에 LLK Remote 계정의 2단계 인증이 해제되어, 이제 비밀번호나 인증번호만으로 로그인할 수 있습니다. 본인이 해제한 경우 이 메일을 무시하셔도 됩니다. 본인이 아니라면 지금 비밀번호를 변경하고 2단계 인증을 다시 설정한 뒤 고객센터에 문의하세요.',
    sms: '[LLK Remote] {time}에 2단계 인증이 해제되었습니다. 본인이 아니라면 지금 비밀번호를 변경하고 고객센터에 문의하세요.',
  },
};

const cancelTexts: Record<TLocale, AlertTexts> = {
  'zh-CN': {
    subject: 'LLK Remote：您的账号已申请注销',
    body: '您的 LLK Remote 账号已于 {time}申请注销。15 天冷静期内您仍可登录并撤销注销；期满后账号数据将被清除。如果这不是您本人的操作，请立即登录撤销注销、修改密码并联系客服。',
    sms: '【LLK Remote】您的账号已于 {time}申请注销，15 天内可登录撤销。如非本人操作，请立即登录撤销并修改密码。',
  },
  'zh-tw': {
    subject: 'LLK Remote：您的帳號已申請註銷',
    body: '您的 LLK Remote 帳號已於 {time}申請註銷。15 天冷靜期內您仍可登入並撤銷註銷；期滿後帳號資料將被清除。如果這不是您本人的操作，請立即登入撤銷註銷、變更密碼並聯絡客服。',
    sms: '【LLK Remote】您的帳號已於 {time}申請註銷，15 天內可登入撤銷。如非本人操作，請立即登入撤銷並變更密碼。',
  },
  en: {
    subject: 'LLK Remote: your account is being cancelled',
    body: 'Cancellation of your LLK Remote account was requested at {time}. For 15 days you can still sign in and restore it; after that its data is erased. If this was not you, sign in now, restore the account, change your password and contact support.',
    sms: '[LLK Remote] Cancellation of your account was requested at {time}; you can restore it within 15 days. If this was not you, sign in and restore it now.',
  },
  es: {
    subject: 'LLK Remote: tu cuenta se va a dar de baja',
    body: 'Se solicitó la baja de tu cuenta de LLK Remote el {time}. Durante 15 días aún puedes iniciar sesión y recuperarla; después se borrarán sus datos. Si no has sido tú, inicia sesión ahora, recupera la cuenta, cambia tu contraseña y contacta con soporte.',
    sms: '[LLK Remote] Se solicitó la baja de tu cuenta el {time}; puedes recuperarla en 15 días. Si no has sido tú, inicia sesión y recupérala ya.',
  },
  fr: {
    subject: 'LLK Remote : la suppression de votre compte a été demandée',
    body: 'La suppression de votre compte LLK Remote a été demandée le {time}. Pendant 15 jours, vous pouvez encore vous connecter et le restaurer ; ensuite, ses données seront effacées. Si ce n’était pas vous, connectez-vous dès maintenant, restaurez le compte, changez votre mot de passe et contactez l’assistance.',
    sms: '[LLK Remote] Suppression de votre compte demandée le {time} ; vous pouvez le restaurer sous 15 jours. Si ce n’était pas vous, connectez-vous et restaurez-le.',
  },
  ja: {
    subject: 'LLK Remote：アカウントの退会手続きが開始されました',
    body: '{time}に LLK Remote アカウントの退会が申請されました。15 日間はログインして退会を取り消すことができ、その後アカウントのデータは削除されます。お心当たりがない場合は、すぐにログインして退会を取り消し、パスワードを変更してサポートにお問い合わせください。',
    sms: '【LLK Remote】{time}にアカウントの退会が申請されました。15 日以内ならログインして取り消せます。お心当たりがない場合は、すぐに取り消してください。',
  },
  ko: {
    subject: 'LLK Remote: 계정 탈퇴가 신청되었습니다',
    body: '{time}에 LLK Remote 계정 탈퇴가 신청되었습니다. 15일 동안은 로그인해 탈퇴를 취소할 수 있으며, 그 뒤에는 계정 데이터가 삭제됩니다. 본인이 신청하지 않았다면 지금 로그인해 탈퇴를 취소하고 비밀번호를 변경한 뒤 고객센터에 문의하세요.',
    sms: '[LLK Remote] {time}에 계정 탈퇴가 신청되었습니다. 15일 안에 로그인해 취소할 수 있습니다. 본인이 아니라면 지금 취소하세요.',
  },
};

/** The security events besides a new-device sign-in that every verified contact is told of. */
export type TSecurityEvent = 'PASSWORD_CHANGED' | 'TWO_STEP_DISABLED' | 'ACCOUNT_CANCEL_REQUESTED';
const eventTexts: Record<TSecurityEvent, Record<TLocale, AlertTexts>> = {
  PASSWORD_CHANGED: passwordTexts,
  TWO_STEP_DISABLED: twoStepOffTexts,
  ACCOUNT_CANCEL_REQUESTED: cancelTexts,
};

export function renderSecurityAlert(event: TSecurityEvent, locale: TLocale, values: { time: Date; timeZone: string }): AlertTexts {
  const t = eventTexts[event][locale] ?? eventTexts[event].en;
  const fill = (text: string) => text.replaceAll('{time}', momentText(values.time, locale, values.timeZone));
  return { subject: fill(t.subject), body: fill(t.body), sms: fill(t.sms) };
}
