import { isLocale, type TLocale } from '@llk/contracts';

// The email that carries a staff member's answer to a support thread, in the language the
// visitor wrote in: a subject with the thread's reference, the answer, and how to write back.

interface ReplyTexts {
  subject: string;
  intro: string;
  quoted: string;
  footer: string;
}

const texts: Record<TLocale, ReplyTexts> = {
  'zh-CN': {
    subject: 'LLK Remote 客服回复（编号 {ref}）',
    intro: '您好，以下是我们对您留言的回复：',
    quoted: '您的留言：',
    footer: '如需继续沟通，请直接回复本邮件，或在联系页面留言时注明编号 {ref}。',
  },
  'zh-tw': {
    subject: 'LLK Remote 客服回覆（編號 {ref}）',
    intro: '您好，以下是我們對您留言的回覆：',
    quoted: '您的留言：',
    footer: '如需繼續溝通，請直接回覆本郵件，或在聯絡頁面留言時註明編號 {ref}。',
  },
  en: {
    subject: 'LLK Remote support: our answer ({ref})',
    intro: 'Hello, here is our answer to your message:',
    quoted: 'Your message:',
    footer: 'To follow up, reply to this email, or quote {ref} when you write to us from the contact page.',
  },
  es: {
    subject: 'Soporte de LLK Remote: nuestra respuesta ({ref})',
    intro: 'Hola, esta es nuestra respuesta a tu mensaje:',
    quoted: 'Tu mensaje:',
    footer: 'Para continuar, responde a este correo o menciona {ref} cuando nos escribas desde la página de contacto.',
  },
  fr: {
    subject: 'Assistance LLK Remote : notre réponse ({ref})',
    intro: 'Bonjour, voici notre réponse à votre message :',
    quoted: 'Votre message :',
    footer: 'Pour poursuivre, répondez à cet e-mail ou indiquez {ref} en nous écrivant depuis la page de contact.',
  },
  ja: {
    subject: 'LLK Remote サポートからの回答（番号 {ref}）',
    intro: 'お問い合わせいただいた内容について、以下のとおり回答いたします。',
    quoted: 'お問い合わせ内容：',
    footer: '引き続きのご質問は、このメールに返信するか、お問い合わせページで番号 {ref} をお書き添えください。',
  },
  ko: {
    subject: 'LLK Remote 고객 지원 답변(번호 {ref})',
    intro: '안녕하세요. 문의하신 내용에 대한 답변입니다.',
    quoted: '문의 내용:',
    footer: '추가로 문의하시려면 이 메일에 회신하시거나, 문의 페이지에서 글을 남기실 때 다음 번호를 함께 적어 주세요: {ref}',
  },
};

/** Subject and plain text of an answer; the visitor's message is quoted below it. */
export function renderSupportReply(input: { locale: string; reference: string; answer: string; original: string }): {
  subject: string;
  text: string;
  locale: TLocale;
} {
  const locale: TLocale = isLocale(input.locale) ? input.locale : 'zh-CN';
  const t = texts[locale];
  const fill = (value: string) => value.replaceAll('{ref}', input.reference);
  const quoted = input.original
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return { subject: fill(t.subject), text: [t.intro, '', input.answer, '', fill(t.footer), '', t.quoted, quoted].join('\n'), locale };
}
