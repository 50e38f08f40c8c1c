import { type TDeliveryChannel, type TLocale } from '@llk/contracts';
import { type NoticeMessage } from './delivery';

// Account notices: messages without a code that tell a person something happened to their
// account (both the old and the new address hear of a contact change). They go
// through the same adapters as codes; they are best-effort (Delivery.notify never throws), so a
// provider outage cannot undo a change that already happened.

export type TNoticeKind = 'EMAIL_BOUND' | 'EMAIL_CHANGED' | 'EMAIL_REMOVED' | 'MOBILE_BOUND' | 'MOBILE_CHANGED' | 'MOBILE_REMOVED';

/** A contact change to announce; rendered into a delivery NoticeMessage by renderContactNotice. */
export interface ContactNotice {
  channel: TDeliveryChannel;
  /** phone number or lower-cased email address */
  to: string;
  notice: TNoticeKind;
  /** masked addresses for the text: {old} and {new} (old is empty for a first binding) */
  params: { old: string; new: string };
  locale: TLocale;
}

interface NoticeTexts {
  subject: string;
  EMAIL_BOUND: string;
  EMAIL_CHANGED: string;
  /** {old}: the address removed (POST /user/unbindEmail) */
  EMAIL_REMOVED: string;
  MOBILE_BOUND: string;
  MOBILE_CHANGED: string;
  MOBILE_REMOVED: string;
  footer: string;
}

export const noticeTexts: Record<TLocale, NoticeTexts> = {
  'zh-CN': {
    subject: 'LLK Remote 账号安全提醒',
    EMAIL_BOUND: '您的 LLK Remote 账号已绑定邮箱 {new}。',
    EMAIL_CHANGED: '您的 LLK Remote 账号邮箱已由 {old} 更换为 {new}。',
    EMAIL_REMOVED: '您的 LLK Remote 账号已解绑邮箱 {old}。',
    MOBILE_BOUND: '您的 LLK Remote 账号已绑定手机号 {new}。',
    MOBILE_CHANGED: '您的 LLK Remote 账号手机号已由 {old} 更换为 {new}。',
    MOBILE_REMOVED: '您的 LLK Remote 账号已解绑手机号 {old}。',
    footer: '如果这不是您本人的操作，请立即修改密码并联系客服。',
  },
  'zh-tw': {
    subject: 'LLK Remote 帳號安全提醒',
    EMAIL_BOUND: '您的 LLK Remote 帳號已綁定電子郵件 {new}。',
    EMAIL_CHANGED: '您的 LLK Remote 帳號電子郵件已由 {old} 更換為 {new}。',
    EMAIL_REMOVED: '您的 LLK Remote 帳號已解除綁定電子郵件 {old}。',
    MOBILE_BOUND: '您的 LLK Remote 帳號已綁定手機號碼 {new}。',
    MOBILE_CHANGED: '您的 LLK Remote 帳號手機號碼已由 {old} 更換為 {new}。',
    MOBILE_REMOVED: '您的 LLK Remote 帳號已解除綁定手機號碼 {old}。',
    footer: '如果這不是您本人的操作，請立即變更密碼並聯絡客服。',
  },
  en: {
    subject: 'LLK Remote account security notice',
    EMAIL_BOUND: 'The email address {new} was added to your LLK Remote account.',
    EMAIL_CHANGED: 'The email address of your LLK Remote account was changed from {old} to {new}.',
    EMAIL_REMOVED: 'The email address {old} was removed from your LLK Remote account.',
    MOBILE_BOUND: 'The phone number {new} was added to your LLK Remote account.',
    MOBILE_CHANGED: 'The phone number of your LLK Remote account was changed from {old} to {new}.',
    MOBILE_REMOVED: 'The phone number {old} was removed from your LLK Remote account.',
    footer: 'If this was not you, change your password at once and contact support.',
  },
  es: {
    subject: 'Aviso de seguridad de tu cuenta de LLK Remote',
    EMAIL_BOUND: 'Se ha añadido el correo {new} a tu cuenta de LLK Remote.',
    EMAIL_CHANGED: 'El correo de tu cuenta de LLK Remote ha cambiado de {old} a {new}.',
    EMAIL_REMOVED: 'Se ha quitado el correo {old} de tu cuenta de LLK Remote.',
    MOBILE_BOUND: 'Se ha añadido el teléfono {new} a tu cuenta de LLK Remote.',
    MOBILE_CHANGED: 'El teléfono de tu cuenta de LLK Remote ha cambiado de {old} a {new}.',
    MOBILE_REMOVED: 'Se ha quitado el teléfono {old} de tu cuenta de LLK Remote.',
    footer: 'Si no has sido tú, cambia tu contraseña de inmediato y contacta con soporte.',
  },
  fr: {
    subject: 'Alerte de sécurité de votre compte LLK Remote',
    EMAIL_BOUND: 'L’adresse e-mail {new} a été ajoutée à votre compte LLK Remote.',
    EMAIL_CHANGED: 'L’adresse e-mail de votre compte LLK Remote est passée de {old} à {new}.',
    EMAIL_REMOVED: 'L’adresse e-mail {old} a été retirée de votre compte LLK Remote.',
    MOBILE_BOUND: 'Le numéro {new} a été ajouté à votre compte LLK Remote.',
    MOBILE_CHANGED: 'Le numéro de téléphone de votre compte LLK Remote est passé de {old} à {new}.',
    MOBILE_REMOVED: 'Le numéro {old} a été retiré de votre compte LLK Remote.',
    footer: 'Si vous n’êtes pas à l’origine de ce changement, modifiez votre mot de passe immédiatement et contactez l’assistance.',
  },
  ja: {
    subject: 'LLK Remote アカウントのセキュリティ通知',
    EMAIL_BOUND: 'LLK Remote アカウントにメールアドレス {new} が登録されました。',
    EMAIL_CHANGED: 'LLK Remote アカウントのメールアドレスが {old} から {new} に変更されました。',
    EMAIL_REMOVED: 'LLK Remote アカウントからメールアドレス {old} が削除されました。',
    MOBILE_BOUND: 'LLK Remote アカウントに電話番号 {new} が登録されました。',
    MOBILE_CHANGED: 'LLK Remote アカウントの電話番号が {old} から {new} に変更されました。',
    MOBILE_REMOVED: 'LLK Remote アカウントから電話番号 {old} が削除されました。',
    footer: 'お心当たりのない場合は、すぐにパスワードを変更し、サポートにお問い合わせください。',
  },
  ko: {
    subject: 'LLK Remote 계정 보안 알림',
    EMAIL_BOUND: 'LLK Remote 계정에 이메일 {new}이(가) 등록되었습니다.',
    EMAIL_CHANGED: 'LLK Remote 계정의 이메일이 {old}에서 {new}(으)로 변경되었습니다.',
    EMAIL_REMOVED: 'LLK Remote 계정에서 이메일 {old}이(가) 삭제되었습니다.',
    MOBILE_BOUND: 'LLK Remote 계정에 휴대폰 번호 {new}이(가) 등록되었습니다.',
    MOBILE_CHANGED: 'LLK Remote 계정의 휴대폰 번호가 {old}에서 {new}(으)로 변경되었습니다.',
    MOBILE_REMOVED: 'LLK Remote 계정에서 휴대폰 번호 {old}이(가) 삭제되었습니다.',
    footer: '본인이 한 변경이 아니라면 즉시 비밀번호를 변경하고 고객센터에 문의해 주세요.',
  },
};

/** The notice in its language, ready for Delivery.notify (its kind is the dev outbox's purpose). */
export function renderContactNotice(message: ContactNotice): NoticeMessage {
  const texts = noticeTexts[message.locale] ?? noticeTexts.en;
  const body = texts[message.notice].replaceAll('{old}', message.params.old).replaceAll('{new}', message.params.new);
  const text = `${body}${message.locale.startsWith('zh') || message.locale === 'ja' ? '' : ' '}${texts.footer}`;
  return { channel: message.channel, to: message.to, kind: message.notice, subject: texts.subject, text, locale: message.locale };
}
