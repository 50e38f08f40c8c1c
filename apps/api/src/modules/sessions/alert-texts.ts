import { localeEntries, type TLocale } from '@llk/contracts';
import { formatMoment } from '../../infrastructure/time-text';

// The access alert (someone connected to a device its owner chose to hear of) and the security
// alarm (many refused attempts on one device), in every locale. {time} is on the owner's clock
// with its offset (docs/adr/0031); {who} is the account (or, for an alarm from an address, the
// masked address); {country} a region name in the owner's language.

interface AccessTexts {
  subject: string;
  body: string;
  sms: string;
}

const accessTexts: Record<TLocale, AccessTexts> = {
  'zh-CN': {
    subject: 'LLK Remote：有人连接了您的设备“{device}”',
    body: '{who}于 {time}从{country}连接了您的设备“{device}”。如果这不是您允许的连接，请在“连接记录”中断开该会话，并检查设备的共享设置。',
    sms: '【LLK Remote】{who}于 {time}连接了您的设备“{device}”。如非您允许，请在“连接记录”中断开。',
  },
  'zh-tw': {
    subject: 'LLK Remote：有人連線到您的裝置「{device}」',
    body: '{who}於 {time}從{country}連線到您的裝置「{device}」。如果這不是您允許的連線，請在「連線紀錄」中中斷該工作階段，並檢查裝置的共用設定。',
    sms: '【LLK Remote】{who}於 {time}連線到您的裝置「{device}」。如非您允許，請在「連線紀錄」中中斷。',
  },
  en: {
    subject: 'LLK Remote: someone connected to {device}',
    body: '{who} connected to your device “{device}” from {country} at {time}. If you did not allow this, disconnect the session under Connections and check who the device is shared with.',
    sms: '[LLK Remote] {who} connected to your device “{device}” at {time}. If you did not allow it, disconnect it under Connections.',
  },
  es: {
    subject: 'LLK Remote: alguien se ha conectado a {device}',
    body: '{who} se ha conectado a tu dispositivo «{device}» desde {country} el {time}. Si no lo has permitido, desconecta la sesión en Conexiones y revisa con quién compartes el dispositivo.',
    sms: '[LLK Remote] {who} se ha conectado a tu dispositivo «{device}» el {time}. Si no lo has permitido, desconéctalo en Conexiones.',
  },
  fr: {
    subject: 'LLK Remote : quelqu’un s’est connecté à {device}',
    body: '{who} s’est connecté à votre appareil « {device} » depuis {country} le {time}. Si vous ne l’avez pas autorisé, déconnectez la session dans Connexions et vérifiez avec qui l’appareil est partagé.',
    sms: '[LLK Remote] {who} s’est connecté à votre appareil « {device} » le {time}. Si vous ne l’avez pas autorisé, déconnectez-le dans Connexions.',
  },
  ja: {
    subject: 'LLK Remote：デバイス「{device}」に接続がありました',
    body: '{time}に、{who}が{country}からデバイス「{device}」に接続しました。許可していない接続の場合は、「接続履歴」でそのセッションを切断し、デバイスの共有設定を確認してください。',
    sms: '【LLK Remote】{time}に{who}がデバイス「{device}」に接続しました。許可していない場合は「接続履歴」で切断してください。',
  },
  ko: {
    subject: 'LLK Remote: 누군가 {device}에 연결했습니다',
    body: '{time}에 {who}님이 {country}에서 기기 “{device}”에 연결했습니다. 허용하지 않은 연결이라면 연결 기록에서 세션을 끊고 기기 공유 설정을 확인하세요.',
    sms: '[LLK Remote] {time}에 {who}님이 기기 “{device}”에 연결했습니다. 허용하지 않았다면 연결 기록에서 끊으세요.',
  },
};

interface AlarmTexts {
  subject: string;
  body: string;
}

const alarmTexts: Record<TLocale, AlarmTexts> = {
  'zh-CN': {
    subject: 'LLK Remote 安全警报：设备“{device}”多次被拒绝连接',
    body: '截至 {time}，{minutes} 分钟内有 {attempts} 次来自 {who} 的连接尝试被您的设备“{device}”拒绝。如果这不是您或您信任的人，请检查设备的共享设置并修改密码。',
  },
  'zh-tw': {
    subject: 'LLK Remote 安全警示：裝置「{device}」多次拒絕連線',
    body: '截至 {time}，{minutes} 分鐘內有 {attempts} 次來自 {who} 的連線嘗試被您的裝置「{device}」拒絕。如果這不是您或您信任的人，請檢查裝置的共用設定並變更密碼。',
  },
  en: {
    subject: 'LLK Remote security alarm: repeated refused connections to {device}',
    body: '{attempts} connection attempts from {who} to your device “{device}” were refused within {minutes} minutes (as of {time}). If this is not you or someone you trust, check who the device is shared with and change your password.',
  },
  es: {
    subject: 'Alarma de seguridad de LLK Remote: conexiones rechazadas a {device}',
    body: 'Se han rechazado {attempts} intentos de conexión de {who} a tu dispositivo «{device}» en {minutes} minutos (hasta el {time}). Si no eres tú ni alguien de confianza, revisa con quién compartes el dispositivo y cambia tu contraseña.',
  },
  fr: {
    subject: 'Alarme de sécurité LLK Remote : connexions refusées à {device}',
    body: '{attempts} tentatives de connexion de {who} à votre appareil « {device} » ont été refusées en {minutes} minutes (au {time}). Si ce n’est ni vous ni une personne de confiance, vérifiez avec qui l’appareil est partagé et changez votre mot de passe.',
  },
  ja: {
    subject: 'LLK Remote セキュリティアラーム：デバイス「{device}」への接続が繰り返し拒否されました',
    body: '{time}までの{minutes}分間に、{who}からデバイス「{device}」への接続が{attempts}回拒否されました。ご本人や信頼できる相手でない場合は、デバイスの共有設定を確認し、パスワードを変更してください。',
  },
  ko: {
    subject: 'LLK Remote 보안 경보: {device}에 대한 연결이 여러 번 거부되었습니다',
    body: '{time}까지 {minutes}분 동안 {who}에서 기기 “{device}”에 연결하려는 시도가 {attempts}번 거부되었습니다. 본인이나 신뢰하는 사람이 아니라면 기기 공유 설정을 확인하고 비밀번호를 변경하세요.',
  },
};

/** Where a connection came from when its country is not known. */
const SOMEWHERE: Record<TLocale, string> = {
  'zh-CN': '未知地区',
  'zh-tw': '未知地區',
  en: 'an unknown place',
  es: 'un lugar desconocido',
  fr: 'un lieu inconnu',
  ja: '不明な地域',
  ko: '알 수 없는 지역',
};

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const moment = (time: Date, locale: TLocale, timeZone: string) => formatMoment(time, localeEntries[locale].iso, timeZone);

export function renderAccessAlert(
  locale: TLocale,
  values: { who: string; device: string; country: string | null; time: Date; timeZone: string },
): AccessTexts {
  const t = accessTexts[locale] ?? accessTexts.en;
  const params = {
    who: values.who,
    device: values.device,
    country: values.country ?? SOMEWHERE[locale],
    time: moment(values.time, locale, values.timeZone),
  };
  return { subject: fill(t.subject, params), body: fill(t.body, params), sms: fill(t.sms, params) };
}

export function renderAlarm(
  locale: TLocale,
  values: { who: string; device: string; attempts: number; minutes: number; time: Date; timeZone: string },
): AlarmTexts {
  const t = alarmTexts[locale] ?? alarmTexts.en;
  const params = {
    who: values.who,
    device: values.device,
    attempts: String(values.attempts),
    minutes: String(values.minutes),
    time: moment(values.time, locale, values.timeZone),
  };
  return { subject: fill(t.subject, params), body: fill(t.body, params) };
}
