import { type TLocale } from '@llk/contracts';

// The invitation's email and SMS in every locale (ADR 0044). {org}: the organisation's name,
// {days}: how long the link is good for, {link}: the accept page with the token.

interface InvitationTexts {
  subject: string;
  body: string;
  sms: string;
}

const texts: Record<TLocale, InvitationTexts> = {
  'zh-CN': {
    subject: '邀请您加入 LLK Remote 上的“{org}”',
    body: '您受邀加入“{org}”在 LLK Remote 上的组织。打开以下链接即可接受邀请（{days} 天内有效）：{link}\n如果您不认识该组织，请忽略此邮件。',
    sms: '【LLK Remote】您受邀加入组织“{org}”，{days} 天内打开链接接受：{link}',
  },
  'zh-tw': {
    subject: '邀請您加入 LLK Remote 上的「{org}」',
    body: '您受邀加入「{org}」在 LLK Remote 上的組織。開啟以下連結即可接受邀請（{days} 天內有效）：{link}\n如果您不認識該組織，請忽略此郵件。',
    sms: '【LLK Remote】您受邀加入組織「{org}」，請於 {days} 天內開啟連結接受：{link}',
  },
  en: {
    subject: 'You are invited to join {org} on LLK Remote',
    body: 'You have been invited to join the organisation {org} on LLK Remote. Open this link to accept (it is valid for {days} days): {link}\nIf you do not know this organisation, you can ignore this email.',
    sms: '[LLK Remote] You are invited to join {org}. Accept within {days} days: {link}',
  },
  es: {
    subject: 'Te han invitado a unirte a {org} en LLK Remote',
    body: 'Te han invitado a unirte a la organización {org} en LLK Remote. Abre este enlace para aceptar (es válido durante {days} días): {link}\nSi no conoces esta organización, puedes ignorar este correo.',
    sms: '[LLK Remote] Te han invitado a unirte a {org}. Acepta en un plazo de {days} días: {link}',
  },
  fr: {
    subject: 'Vous êtes invité à rejoindre {org} sur LLK Remote',
    body: 'Vous êtes invité à rejoindre l’organisation {org} sur LLK Remote. Ouvrez ce lien pour accepter (il est valable {days} jours) : {link}\nSi vous ne connaissez pas cette organisation, ignorez simplement cet e-mail.',
    sms: '[LLK Remote] Vous êtes invité à rejoindre {org}. Acceptez sous {days} jours : {link}',
  },
  ja: {
    subject: 'LLK Remote の「{org}」への招待',
    body: 'LLK Remote の組織「{org}」に招待されました。次のリンクを開いて招待を承諾してください（有効期限は {days} 日間です）：{link}\nお心当たりのない場合は、このメールを無視してください。',
    sms: '【LLK Remote】組織「{org}」に招待されました。{days} 日以内にリンクから承諾してください：{link}',
  },
  ko: {
    subject: 'LLK Remote의 {org}에 초대되었습니다',
    body: 'LLK Remote의 조직 {org}에 초대되었습니다. 아래 링크를 열어 초대를 수락해 주세요({days}일 동안 유효): {link}\n모르는 조직이라면 이 메일을 무시하셔도 됩니다.',
    sms: '[LLK Remote] {org}에 초대되었습니다. {days}일 안에 링크에서 수락해 주세요: {link}',
  },
};

export function renderInvitation(locale: TLocale, params: { org: string; days: number; link: string }): InvitationTexts {
  const chosen = texts[locale] ?? texts.en;
  const values: Record<string, string> = { org: params.org, days: String(params.days), link: params.link };
  // one pass, with a function: the organisation's name is its admin's text, so a "{link}" or a "$'" in it stays as typed
  const fill = (text: string) => text.replace(/\{(org|days|link)\}/g, (_, key: string) => values[key] ?? '');
  return { subject: fill(chosen.subject), body: fill(chosen.body), sms: fill(chosen.sms) };
}
