import { localeEntries, type TLocale } from '@llk/contracts';
import { type NoticeMessage } from './delivery';
import { formatMoment, SERVICE_TIME_ZONE } from '../time-text';

// Account notices by SMS: Aliyun sends only approved templates, so a notice is one
// fixed template per route (and language) with two short variables, never the free text of the
// email. The wording operators submit for approval is in the API README ("Security alerts by
// SMS"). Each variable stays within Aliyun's 35 characters of a text variable.

/** Aliyun's limit of one text variable of a template. */
export const ALIYUN_VARIABLE_MAX = 35;

/** The notice kinds a phone hears of: the security alerts (ADR 0028), the contact changes and the access alerts (modules/sessions). */
export type TSmsNoticeKind =
  | 'NEW_DEVICE_SIGN_IN'
  | 'PASSWORD_CHANGED'
  | 'TWO_STEP_DISABLED'
  | 'ACCOUNT_CANCEL_REQUESTED'
  | 'EMAIL_BOUND'
  | 'EMAIL_CHANGED'
  | 'EMAIL_REMOVED'
  | 'MOBILE_BOUND'
  | 'MOBILE_CHANGED'
  | 'MOBILE_REMOVED'
  | 'DEVICE_ACCESSED';

/** ${event}: what happened, as the middle of the template's sentence. */
export const smsNoticeEvents: Record<TLocale, Record<TSmsNoticeKind, string>> = {
  'zh-CN': {
    NEW_DEVICE_SIGN_IN: '在新设备上登录',
    PASSWORD_CHANGED: '修改了密码',
    TWO_STEP_DISABLED: '已关闭两步验证',
    ACCOUNT_CANCEL_REQUESTED: '已申请注销，15 天内可登录撤销',
    EMAIL_BOUND: '已绑定邮箱',
    EMAIL_CHANGED: '已更换邮箱',
    EMAIL_REMOVED: '已解绑邮箱',
    MOBILE_BOUND: '已绑定本手机号',
    MOBILE_CHANGED: '已更换手机号',
    MOBILE_REMOVED: '已解绑手机号',
    DEVICE_ACCESSED: '有设备被远程连接',
  },
  'zh-tw': {
    NEW_DEVICE_SIGN_IN: '在新裝置上登入',
    PASSWORD_CHANGED: '變更了密碼',
    TWO_STEP_DISABLED: '已關閉兩步驟驗證',
    ACCOUNT_CANCEL_REQUESTED: '已申請註銷，15 天內可登入撤銷',
    EMAIL_BOUND: '已綁定電子郵件',
    EMAIL_CHANGED: '已更換電子郵件',
    EMAIL_REMOVED: '已解除綁定電子郵件',
    MOBILE_BOUND: '已綁定本手機號碼',
    MOBILE_CHANGED: '已更換手機號碼',
    MOBILE_REMOVED: '已解除綁定手機號碼',
    DEVICE_ACCESSED: '有裝置被遠端連線',
  },
  en: {
    NEW_DEVICE_SIGN_IN: 'sign-in from a new device',
    PASSWORD_CHANGED: 'password changed',
    TWO_STEP_DISABLED: 'two-step verification off',
    ACCOUNT_CANCEL_REQUESTED: 'cancellation requested (15 days)',
    EMAIL_BOUND: 'email address added',
    EMAIL_CHANGED: 'email address changed',
    EMAIL_REMOVED: 'email address removed',
    MOBILE_BOUND: 'phone number added',
    MOBILE_CHANGED: 'phone number changed',
    MOBILE_REMOVED: 'phone number removed',
    DEVICE_ACCESSED: 'someone connected to a device',
  },
  es: {
    NEW_DEVICE_SIGN_IN: 'acceso desde un dispositivo nuevo',
    PASSWORD_CHANGED: 'contraseña cambiada',
    TWO_STEP_DISABLED: 'verificación en 2 pasos desactivada',
    ACCOUNT_CANCEL_REQUESTED: 'baja solicitada (15 días)',
    EMAIL_BOUND: 'correo añadido',
    EMAIL_CHANGED: 'correo cambiado',
    EMAIL_REMOVED: 'correo quitado',
    MOBILE_BOUND: 'teléfono añadido',
    MOBILE_CHANGED: 'teléfono cambiado',
    MOBILE_REMOVED: 'teléfono quitado',
    DEVICE_ACCESSED: 'conexión remota a un dispositivo',
  },
  fr: {
    NEW_DEVICE_SIGN_IN: 'connexion depuis un nouvel appareil',
    PASSWORD_CHANGED: 'mot de passe modifié',
    TWO_STEP_DISABLED: 'validation en 2 étapes désactivée',
    ACCOUNT_CANCEL_REQUESTED: 'suppression demandée (15 jours)',
    EMAIL_BOUND: 'adresse e-mail ajoutée',
    EMAIL_CHANGED: 'adresse e-mail modifiée',
    EMAIL_REMOVED: 'adresse e-mail retirée',
    MOBILE_BOUND: 'numéro ajouté',
    MOBILE_CHANGED: 'numéro modifié',
    MOBILE_REMOVED: 'numéro retiré',
    DEVICE_ACCESSED: 'connexion à distance à un appareil',
  },
  ja: {
    NEW_DEVICE_SIGN_IN: '新しいデバイスからのログイン',
    PASSWORD_CHANGED: 'パスワードの変更',
    TWO_STEP_DISABLED: '2 段階認証の無効化',
    ACCOUNT_CANCEL_REQUESTED: '退会の申請（15 日以内なら取り消し可）',
    EMAIL_BOUND: 'メールアドレスの登録',
    EMAIL_CHANGED: 'メールアドレスの変更',
    EMAIL_REMOVED: 'メールアドレスの削除',
    MOBILE_BOUND: '電話番号の登録',
    MOBILE_CHANGED: '電話番号の変更',
    MOBILE_REMOVED: '電話番号の削除',
    DEVICE_ACCESSED: 'デバイスへのリモート接続',
  },
  ko: {
    NEW_DEVICE_SIGN_IN: '새 기기에서 로그인',
    PASSWORD_CHANGED: '비밀번호 변경',
    TWO_STEP_DISABLED: '2단계 인증 해제',
    ACCOUNT_CANCEL_REQUESTED: '계정 탈퇴 신청(15일 안에 취소 가능)',
    EMAIL_BOUND: '이메일 등록',
    EMAIL_CHANGED: '이메일 변경',
    EMAIL_REMOVED: '이메일 삭제',
    MOBILE_BOUND: '휴대폰 번호 등록',
    MOBILE_CHANGED: '휴대폰 번호 변경',
    MOBILE_REMOVED: '휴대폰 번호 삭제',
    DEVICE_ACCESSED: '기기에 원격 연결됨',
  },
};

/** On the account's clock with its offset, like the alert emails (auth/alert-texts.ts, docs/adr/0031); China time without a zone. */
export function smsNoticeTime(time: Date, locale: TLocale, timeZone: string = SERVICE_TIME_ZONE): string {
  return formatMoment(time, localeEntries[locale].iso, timeZone);
}

/**
 * The TemplateParam of a notice in `locale` (the template's language), or null for a kind
 * without an SMS text (e.g. SUPPORT_REPLY, which goes by email only).
 */
export function smsNoticeParams(kind: string, locale: TLocale, at: Date, timeZone?: string): { event: string; time: string } | null {
  const events = smsNoticeEvents[locale] ?? smsNoticeEvents.en;
  if (!Object.hasOwn(events, kind)) return null;
  return { event: events[kind as TSmsNoticeKind], time: smsNoticeTime(at, locale, timeZone) };
}

/** Which language a notice SMS is written in: the template's (mainland: Chinese; intl: its own or English). */
export function smsNoticeLocale(
  message: Pick<NoticeMessage, 'locale'>,
  route: 'mainland' | 'intl',
  languages: Partial<Record<TLocale, string>>,
): TLocale {
  if (route === 'mainland') return 'zh-CN';
  return languages[message.locale] ? message.locale : 'en';
}
