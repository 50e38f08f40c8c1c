import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpAdapter } from '../../src/infrastructure/delivery/smtp';
import { freePort } from '../support/free-port';

// the production shape's delivery fakes (scripts/scale-out.mjs), read by its e2e journeys through
// GET /mails: a script with JSDoc types, imported by path with the type of what is used here
const { mailText, startFakes } = (await import(path.resolve(import.meta.dirname, '../../../../scripts/scale-out/fakes.mjs'))) as {
  mailText(raw: string): string;
  startFakes(ports: {
    smtp: number;
    aliyun: number;
    codes: number;
  }): Promise<{ smtpUrl: string; codeSource: string; close(): Promise<void> }>;
};

let fakes: Awaited<ReturnType<typeof startFakes>>;
let mailer: ReturnType<typeof smtpAdapter>;

beforeAll(async () => {
  fakes = await startFakes({ smtp: await freePort(), aliyun: await freePort(), codes: await freePort() });
  mailer = smtpAdapter({ url: fakes.smtpUrl, from: 'LLK Remote <no-reply@llk.example>' });
});
afterAll(async () => {
  mailer.close();
  await fakes.close();
});

async function mailsTo(to: string): Promise<{ purpose: string | null; subject: string; text: string }[]> {
  const response = await fetch(`${fakes.codeSource}/mails?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: { purpose: string | null; subject: string; text: string }[] }).messages;
}

describe('the scale-out SMTP fake shows a mail as a mailbox does', () => {
  // The en invitation journey found no link in production shape (2026-12-04): nodemailer sends a
  // long ASCII line quoted-printable, so the raw body had `token=3D…` split by soft line breaks.
  it('decodes a quoted-printable notice: the invitation link whole, with its `=`', async () => {
    const token = 'Ab_-'.repeat(12);
    const link = `http://127.0.0.1:3310/en/org/join?token=${token}`;
    await mailer.notify({
      channel: 'EMAIL',
      to: 'Colleague@Example.com',
      kind: 'ORG_INVITATION',
      subject: 'Ana invited you to join Acme on LLK Remote',
      text: `Ana invited you to join Acme as a member.\n\nOpen this link to join (valid for 7 days): ${link}\n`,
      locale: 'en',
    });
    const [mail] = await mailsTo('colleague@example.com');
    expect(mail?.purpose).toBe('ORG_INVITATION');
    expect(mail?.subject).toBe('Ana invited you to join Acme on LLK Remote');
    expect(mail?.text).toContain(link);
    expect(mail?.text).not.toContain('=3D');
  });

  it('decodes a base64 notice in Chinese, with its subject', async () => {
    const link = 'http://127.0.0.1:3310/zh-CN/org/join?token=XyZ0123456789';
    await mailer.notify({
      channel: 'EMAIL',
      to: 'tongshi@example.com',
      kind: 'ORG_INVITATION',
      subject: '王芳邀请你加入「云桥科技」',
      text: `王芳邀请你以成员身份加入「云桥科技」。打开以下链接加入（7 天内有效）：${link}\n`,
      locale: 'zh-CN',
    });
    const [mail] = await mailsTo('tongshi@example.com');
    expect(mail?.subject).toBe('王芳邀请你加入「云桥科技」');
    expect(mail?.text).toContain('王芳邀请你以成员身份加入「云桥科技」。');
    expect(mail?.text).toContain(link);
  });

  it('takes the text/plain part of a multipart message', () => {
    const raw = [
      'Subject: x',
      'Content-Type: multipart/alternative; boundary="--b1"',
      '',
      '----b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'caf=C3=A9 token=3Dabc',
      '----b1',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>html</p>',
      '----b1--',
      '',
    ].join('\r\n');
    expect(mailText(raw).trim()).toBe('café token=abc');
  });
});
