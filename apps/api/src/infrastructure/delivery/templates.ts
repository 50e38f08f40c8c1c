import { type TLocale } from '@llk/contracts';

// Texts of the code email and of the dev-outbox SMS, in every locale. The SMS provider sends
// its own approved template; this text is only what the outbox shows. `{code}` and
// `{minutes}` are filled in by render().

interface CodeTexts {
  subject: string;
  body: string;
  sms: string;
}

export const codeTexts: Record<TLocale, CodeTexts> = {
  'zh-CN': {
    subject: 'LLK Remote 验证码：{code}',
    body: '您的验证码是 {code}，{minutes} 分钟内有效。请勿将验证码告诉他人。如果这不是您本人的操作，请忽略此邮件。',
    sms: '【LLK Remote】您的验证码是 {code}，{minutes} 分钟内有效，请勿泄露给他人。',
  },
  en: {
    subject: 'Your LLK Remote verification code: {code}',
    body: 'Your verification code is {code}. It is valid for {minutes} minutes. Never share it with anyone. If you did not request it, you can ignore this email.',
    sms: '[LLK Remote] Your verification code is {code}, valid for {minutes} minutes. Do not share it.',
  },
  'zh-tw': {
    subject: 'LLK Remote 驗證碼：{code}',
    body: '您的驗證碼是 {code}，{minutes} 分鐘內有效。請勿將驗證碼告訴他人。如果這不是您本人的操作，請忽略此郵件。',
    sms: '【LLK Remote】您的驗證碼是 {code}，{minutes} 分鐘內有效，請勿洩漏給他人。',
  },
  es: {
    subject: 'Tu código de verificación de LLK Remote: {code}',
    body: 'Tu código de verificación es {code}. Es válido durante {minutes} minutos. No lo compartas con nadie. Si no lo has solicitado, puedes ignorar este correo.',
    sms: '[LLK Remote] Tu código de verificación es {code}, válido durante {minutes} minutos. No lo compartas.',
  },
  fr: {
    subject: 'Votre code de vérification LLK Remote : {code}',
    body: 'Votre code de vérification est {code}. Il est valable {minutes} minutes. Ne le communiquez à personne. Si vous ne l’avez pas demandé, ignorez simplement cet e-mail.',
    sms: '[LLK Remote] Votre code de vérification est {code}, valable {minutes} minutes. Ne le communiquez pas.',
  },
  ja: {
    subject: 'LLK Remote 認証コード：{code}',
    body: '認証コードは {code} です。有効期限は {minutes} 分です。このコードは誰にも教えないでください。お心当たりのない場合は、このメールを無視してください。',
    sms: '【LLK Remote】認証コードは {code} です（{minutes} 分間有効）。他人に教えないでください。',
  },
  ko: {
    subject: 'LLK Remote 인증번호: {code}',
    body: '인증번호는 {code}입니다. {minutes}분 동안 유효합니다. 다른 사람에게 절대 알려 주지 마세요. 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.',
    sms: '[LLK Remote] 인증번호는 {code}입니다. {minutes}분 동안 유효하며 다른 사람에게 알려 주지 마세요.',
  },
};

export function renderCodeTexts(locale: TLocale, code: string, minutes: number): CodeTexts {
  const texts = codeTexts[locale] ?? codeTexts.en;
  const fill = (text: string) => text.replaceAll('{code}', code).replaceAll('{minutes}', String(minutes));
  return { subject: fill(texts.subject), body: fill(texts.body), sms: fill(texts.sms) };
}
