// @ts-check
// The delivery providers of the scale-out step, as local fakes that speak the real protocols:
// an SMTP server (smtp-server) and an Aliyun Dysmsapi endpoint that checks signature v1. Every
// code they receive is listed by a small HTTP "code source" (GET /codes?to=…, and every mail
// with its subject and its X-LLK-Notice kind by GET /mails?to=…), which the e2e
// journeys read instead of the API's dev outbox (E2E_CODE_SOURCE), because a production API
// has no outbox and two instances would not share one anyway.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** @type {typeof import('smtp-server')} */
const { SMTPServer } = require('smtp-server');

export const ALIYUN = {
  accessKeyId: 'LTAI-scale-out',
  accessKeySecret: 'scale-out-secret-for-the-fake',
  signName: 'LLK',
  templateCode: 'SMS_900001',
  noticeTemplateCode: 'SMS_900002',
};

/** @typedef {{ channel: 'SMS' | 'EMAIL', to: string, code: string, sentAt: string }} TCode */

/** RFC 3986 as Aliyun signs it (written out independently of the API's adapter). */
const encode = (/** @type {string} */ value) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

function aliyunSignature(/** @type {Record<string, string>} */ params) {
  const query = Object.keys(params)
    .sort()
    .map((key) => `${encode(key)}=${encode(params[key] ?? '')}`)
    .join('&');
  return createHmac('sha1', `${ALIYUN.accessKeySecret}&`)
    .update(`GET&${encode('/')}&${encode(query)}`)
    .digest('base64');
}

/** A header of a raw message with RFC 2047 encoded words decoded. */
function mailHeader(/** @type {string} */ raw, /** @type {string} */ name) {
  const match = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ').replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind, text) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replaceAll('_', ' ')
            .replace(/=([0-9A-F]{2})/gi, (/** @type {string} */ _m, /** @type {string} */ hex) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/**
 * The text of a raw message as a mailbox shows it: the body decoded from its
 * Content-Transfer-Encoding (nodemailer sends quoted-printable, where a link's `=` is `=3D` and
 * long lines break with `=` at the end, or base64 for mostly non-Latin text), and of a multipart
 * message its text/plain part.
 */
export function mailText(/** @type {string} */ raw) {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const type = mailHeader(head, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => part.replace(/^\r?\n/, ''));
    const plain = parts.find((part) => /^text\/plain/i.test(mailHeader(part, 'Content-Type'))) ?? parts[0] ?? '';
    return mailText(plain);
  }
  const encoding = mailHeader(head, 'Content-Transfer-Encoding').trim().toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

const listen = (/** @type {{ listen: Function }} */ server, /** @type {number} */ port) =>
  new Promise((resolve, reject) => {
    /** @type {any} */ (server).once?.('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });

/**
 * Starts the three servers on `ports` (smtp, aliyun, codes). Returns their addresses, the
 * codes received, and close().
 * @param {{ smtp: number, aliyun: number, codes: number }} ports
 */
export async function startFakes(ports) {
  /** @type {TCode[]} */
  const codes = [];
  const received = (/** @type {TCode['channel']} */ channel, /** @type {string} */ to, /** @type {string} */ code) =>
    codes.push({ channel, to, code, sentAt: new Date().toISOString() });

  /** every mail, as a person's mailbox would show it: the notices' kind from their X-LLK-Notice header */
  /** @type {{ channel: 'EMAIL', to: string, purpose: string | null, subject: string, text: string, sentAt: string }[]} */
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (/** @type {Buffer} */ chunk) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const subject = mailHeader(raw, 'Subject');
        const code = /\b(\d{6})\b/.exec(subject)?.[1];
        const purpose = mailHeader(raw, 'X-LLK-Notice') || null;
        const text = mailText(raw);
        for (const rcpt of session.envelope.rcptTo) {
          const to = rcpt.address.toLowerCase();
          if (code) received('EMAIL', to, code);
          mails.push({ channel: 'EMAIL', to, purpose, subject, text, sentAt: new Date().toISOString() });
        }
        callback(null);
      });
    },
  });

  const aliyun = createServer((req, res) => {
    const params = Object.fromEntries(new URL(req.url ?? '/', 'http://fake').searchParams);
    const { Signature: signature = '', ...signed } = params;
    const reply = (/** @type {number} */ status, /** @type {Record<string, string>} */ body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ RequestId: `fake-${codes.length}`, ...body }));
    };
    if (signed.AccessKeyId !== ALIYUN.accessKeyId)
      return reply(404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
    if (signature !== aliyunSignature(signed))
      return reply(400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
    const template =
      signed.TemplateCode === ALIYUN.templateCode ? 'code' : signed.TemplateCode === ALIYUN.noticeTemplateCode ? 'notice' : null;
    if (signed.Action !== 'SendSms' || signed.SignName !== ALIYUN.signName || !template) {
      return reply(400, { Code: 'isv.INVALID_PARAMETERS', Message: 'bad parameters' });
    }
    // a security alert (parameters event and time) carries no code: accepted, not kept as one
    if (template === 'notice') return reply(200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
    const code = /** @type {{ code?: string }} */ (JSON.parse(signed.TemplateParam ?? '{}')).code ?? '';
    received('SMS', signed.PhoneNumbers ?? '', code);
    return reply(200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  });

  const source = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://codes');
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    const digits = to.replace(/\D/g, '');
    // Aliyun gets mainland numbers without +86: a search by the typed number or by its E.164 form
    // (+8613…, as the world journeys ask) finds them either way.
    const sameNumber = (/** @type {string} */ sent) =>
      sent.length >= 8 && digits.length >= 8 && (sent === digits || sent.endsWith(digits) || digits.endsWith(sent.replace(/\D/g, '')));
    const matches = (/** @type {TCode} */ message) => (message.channel === 'EMAIL' ? message.to === to : sameNumber(message.to));
    const found =
      url.pathname === '/codes'
        ? codes.filter(matches).reverse()
        : url.pathname === '/mails'
          ? mails.filter((mail) => mail.to === to).reverse()
          : null;
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(found ? { messages: found } : { error: 'not found' }));
  });

  await listen(smtp, ports.smtp);
  await listen(aliyun, ports.aliyun);
  await listen(source, ports.codes);
  return {
    codes,
    smtpUrl: `smtp://127.0.0.1:${ports.smtp}`,
    aliyunEndpoint: `http://127.0.0.1:${ports.aliyun}`,
    codeSource: `http://127.0.0.1:${ports.codes}`,
    /** The newest code sent to `to` (phone digits or email) after `after` (ms), waiting up to 10 s. */
    async waitForCode(/** @type {string} */ to, after = 0) {
      const digits = to.replace(/\D/g, '');
      for (let tries = 0; tries < 100; tries += 1) {
        const found = codes.findLast(
          (message) => Date.parse(message.sentAt) >= after && (message.to === to.toLowerCase() || (digits && message.to.endsWith(digits))),
        );
        if (found) return found.code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no code for ${to}`);
    },
    async close() {
      await new Promise((resolve) => smtp.close(() => resolve(undefined)));
      await new Promise((resolve) => aliyun.close(() => resolve(undefined)));
      await new Promise((resolve) => source.close(() => resolve(undefined)));
    },
  };
}
