import { ErrorCode, type TAdminSupportPage, type TAdminSupportThread, type TContactResult } from '@llk/contracts';
import { describe, expect, it } from 'vitest';
import { newId } from '../../../src/infrastructure/db/dialect';
import { seedDatabase } from '../../../src/composition/setup/seed';
import { newIp, signUp } from '../../accounts';
import { buildTestApp, testDialects, useTestApp } from '../../helper';
import { body } from '../orders/support';
import { auditOf, newStaff, sandboxPaidOrder } from '../admin/support';

// The contact form (POST /support/contact) and the support inbox (support.manage: SUPPORT,
// FINANCE, OWNER): messages and invoice requests become threads; staff assign, answer by email
// (the dev outbox here, an unreachable SMTP server for the failure) and close them. SQLite and PostgreSQL.

type Outbox = { to: string; purpose: string; subject: string | null; text: string }[];

describe.each(testDialects())('support inbox ($dialect)', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const db = () => ctx.database.db;
  const origin = () => ({ origin: ctx.app.config.webOrigin });
  const contact = (payload: Record<string, unknown>, options: { ip?: string; token?: string; language?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/support/contact',
      remoteAddress: options.ip ?? newIp(),
      headers: { 'accept-language': options.language ?? 'en', ...(options.token ? { authorization: options.token } : {}) },
      payload,
    });
  const staffCall = async <T>(cookies: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const res = await ctx.app.inject({
      method,
      url: `/admin/support${url}`,
      cookies,
      headers: { ...origin(), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
    return { res, data: res.statusCode === 200 ? body<T>(res).data : undefined };
  };
  const outbox = async (to: string) =>
    body<{ messages: Outbox }>(await ctx.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}` })).data.messages;

  it('stores a visitor’s message with a reference, and says what is wrong in the visitor’s language', async () => {
    const email = `visitor-${newId().slice(-8).toLowerCase()}@example.com`;
    const sent = await contact({ topic: 'BUSINESS', email, message: '我们有 40 台电脑需要远程管理，请联系我。' }, { language: 'zh-CN' });
    expect(sent.statusCode, sent.body).toBe(200);
    const result = body<TContactResult>(sent).data;
    expect(result.reference).toMatch(/^S-[0-9A-Z]{10}$/);
    expect(result.replyTo).not.toContain(email.split('@')[0]);
    expect(result.replyTo).toMatch(/@example\.com$/);

    const support = await newStaff(db(), 'SUPPORT');
    const { data: page } = await staffCall<TAdminSupportPage>(support.cookies, 'GET', '?state=NEW&topic=BUSINESS');
    const thread = page!.items.find((item) => item.reference === result.reference)!;
    expect(thread).toMatchObject({ topic: 'BUSINESS', state: 'NEW', email, userId: null, locale: 'zh-CN', replies: 0, assignee: null });
    expect(thread.preview).toBe('我们有 40 台电脑需要远程管理，请联系我。');

    // logged out without an address; a message under 10 characters; an unknown topic
    const noEmail = await contact({ topic: 'SUPPORT', message: 'Es imposible conectar con mi PC.' }, { language: 'es' });
    expect([noEmail.statusCode, body(noEmail).errcode]).toEqual([400, ErrorCode.VALIDATION_FAILED]);
    expect(body<{ fields: { field: string; message: string }[] }>(noEmail).data.fields).toEqual([
      expect.objectContaining({ field: 'body.email', message: 'Introduce tu correo electrónico' }),
    ]);
    const short = await contact({ topic: 'SUPPORT', email, message: '  帮帮我  ' }, { language: 'zh-CN' });
    expect(body<{ fields: { field: string; message: string }[] }>(short).data.fields).toEqual([
      expect.objectContaining({ field: 'body.message', message: '请至少写 10 个字。' }),
    ]);
    const topic = await contact({ topic: 'SALES', email, message: 'Please call me back tomorrow.' });
    expect([topic.statusCode, body<{ fields: { field: string }[] }>(topic).data.fields.map((field) => field.field)]).toEqual([
      400,
      ['body.topic'],
    ]);
    const long = await contact({ topic: 'SUPPORT', email, message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
  });

  it('answers to the signed-in account’s address, and takes a refund request for the caller’s own paid order only', async () => {
    await seedDatabase(db());
    const { user, order } = await sandboxPaidOrder(ctx.app, 'MEMBER_YEAR');
    const account = await db().selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(account.email).toMatch(/@example\.com$/);
    const sent = await contact(
      { topic: 'REFUND', orderId: order.id, message: 'I bought the wrong plan, please refund it.' },
      { token: user.token },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const support = await newStaff(db(), 'SUPPORT');
    const { data: page } = await staffCall<TAdminSupportPage>(support.cookies, 'GET', '?topic=REFUND');
    expect(page!.items.find((item) => item.reference === body<TContactResult>(sent).data.reference)).toMatchObject({
      userId: user.id,
      orderId: order.id,
      email: account.email,
    });

    const loggedOut = await contact({ topic: 'REFUND', email: 'a@example.com', orderId: order.id, message: 'Please refund my order.' });
    expect([loggedOut.statusCode, body(loggedOut).errcode]).toEqual([401, ErrorCode.UNAUTHORIZED]);
    const stranger = await signUp(ctx.app);
    const notTheirs = await contact(
      { topic: 'REFUND', orderId: order.id, message: 'Please refund this order.' },
      { token: stranger.token },
    );
    expect([notTheirs.statusCode, body(notTheirs).errcode]).toEqual([404, ErrorCode.ORDER_NOT_FOUND]);
    const noOrder = await contact({ topic: 'REFUND', message: 'Please refund my last order.' }, { token: stranger.token });
    expect(body<{ fields: { field: string }[] }>(noOrder).data.fields.map((field) => field.field)).toEqual(['body.orderId']);
  });

  it('takes 5 messages an hour from one address: 20 at once store 5 and refuse 15 with a retry time', async () => {
    const ip = newIp();
    const email = `burst-${newId().slice(-8).toLowerCase()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => contact({ topic: 'SUPPORT', email, message: `The connection drops, attempt ${i}.` }, { ip })),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(15);
    expect(body(refused[0]!).errcode).toBe(ErrorCode.RATE_LIMITED);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await db().selectFrom('support_threads').select('id').where('email', '=', email).execute();
    expect(stored).toHaveLength(5);
  });

  it('opens a thread with each invoice request, one however many arrive at once', async () => {
    await seedDatabase(db());
    const { user, order } = await sandboxPaidOrder(ctx.app, 'MEMBER_YEAR');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/order/invoice',
          headers: { authorization: user.token, 'accept-language': 'ja' },
          payload: { orderId: order.id, title: '株式会社テスト', email: 'keiri@example.com' },
        }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const threads = await db().selectFrom('support_threads').selectAll().where('order_id', '=', order.id).execute();
    expect(threads).toHaveLength(1);
    const request = await db().selectFrom('invoice_requests').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(threads[0]).toMatchObject({
      topic: 'INVOICE',
      email: 'keiri@example.com',
      invoice_request_id: request.id,
      user_id: user.id,
      locale: 'ja',
      state: 'NEW',
    });
    expect(threads[0]!.message).toContain('株式会社テスト');
  });

  it('assigns, answers once by email in the visitor’s language under 20 clicks, closes, and audits each step', async () => {
    const email = `ja-${newId().slice(-8).toLowerCase()}@example.com`;
    const sent = await contact({ topic: 'SUPPORT', email, message: '接続がすぐに切れてしまいます。' }, { language: 'ja' });
    const reference = body<TContactResult>(sent).data.reference;
    const support = await newStaff(db(), 'SUPPORT');
    const { data: unassigned } = await staffCall<TAdminSupportPage>(support.cookies, 'GET', '?assignee=none&state=NEW');
    const id = unassigned!.items.find((item) => item.reference === reference)!.id;

    // take it; a CONTENT member cannot hold threads
    const content = await newStaff(db(), 'CONTENT');
    const wrong = await staffCall(support.cookies, 'POST', `/${id}/assign`, { staffId: content.id });
    expect([wrong.res.statusCode, body(wrong.res).errcode]).toEqual([409, ErrorCode.ADMIN_SUPPORT_ASSIGNEE_INVALID]);
    const taken = await staffCall<TAdminSupportThread>(support.cookies, 'POST', `/${id}/assign`, { staffId: support.id });
    expect(taken.data!.assignee?.id).toBe(support.id);
    expect(taken.data!.assignable.map((member) => member.id)).toContain(support.id);
    expect(taken.data!.assignable.map((member) => member.id)).not.toContain(content.id);
    const { data: mine } = await staffCall<TAdminSupportPage>(support.cookies, 'GET', '?assignee=me');
    expect(mine!.items.map((item) => item.id)).toContain(id);

    const replyId = `r${newId()}`;
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () =>
        staffCall<TAdminSupportThread>(support.cookies, 'POST', `/${id}/reply`, {
          replyId,
          body: 'ルーターの UPnP を有効にしてから、もう一度お試しください。',
        }),
      ),
    );
    expect(clicks.map((click) => click.res.statusCode)).toEqual(Array(20).fill(200));
    const mails = (await outbox(email)).filter((mail) => mail.purpose === 'SUPPORT_REPLY');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`LLK Remote サポートからの回答（番号 ${reference}）`);
    expect(mails[0]!.text).toContain('ルーターの UPnP を有効にしてから');
    expect(mails[0]!.text).toContain('> 接続がすぐに切れてしまいます。');
    const { data: answered } = await staffCall<TAdminSupportThread>(support.cookies, 'GET', `/${id}`);
    expect(answered).toMatchObject({ state: 'ANSWERED', replies: 1 });
    expect(answered!.replyList).toEqual([
      expect.objectContaining({ staff: { id: support.id, username: expect.any(String) as string }, delivered: true }),
    ]);

    // a second answer closes it; reopening wants a reason
    const closing = await staffCall<TAdminSupportThread>(support.cookies, 'POST', `/${id}/reply`, {
      replyId: `r${newId()}`,
      body: '解決したとのこと、何よりです。',
      close: true,
    });
    expect(closing.data).toMatchObject({ state: 'CLOSED', replies: 2 });
    const noReason = await staffCall(support.cookies, 'POST', `/${id}/state`, { state: 'NEW', reason: '  ' });
    expect(noReason.res.statusCode).toBe(400);
    const reopened = await staffCall<TAdminSupportThread>(support.cookies, 'POST', `/${id}/state`, {
      state: 'NEW',
      reason: 'the customer wrote again',
    });
    expect(reopened.data).toMatchObject({ state: 'NEW', stateNote: 'the customer wrote again' });

    const audit = await auditOf(db(), id);
    expect(audit.map((entry) => entry.action)).toEqual(['support.assign', 'support.reply', 'support.reply', 'support.state']);
    expect(audit.every((entry) => entry.staff_id === support.id)).toBe(true);

    const unknown = await staffCall(support.cookies, 'GET', `/${newId()}`);
    expect([unknown.res.statusCode, body(unknown.res).errcode]).toEqual([404, ErrorCode.ADMIN_SUPPORT_THREAD_NOT_FOUND]);
    const badState = await staffCall(support.cookies, 'GET', '?state=OPEN');
    expect(badState.res.statusCode).toBe(400);
  });

  it('keeps an answer the mail server refused, marked undelivered, and leaves the thread as it was', async () => {
    const email = `smtp-${newId().slice(-8).toLowerCase()}@example.com`;
    const sent = await contact({ topic: 'ECOSYSTEM', email, message: 'We build kiosks and want to embed your client.' });
    const reference = body<TContactResult>(sent).data.reference;
    // the same database, an app whose SMTP server does not answer (nothing listens on port 9)
    const broken = await buildTestApp(ctx.database, { env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const finance = await newStaff(db(), 'FINANCE');
      const list = await broken.inject({ url: '/admin/support?topic=ECOSYSTEM', cookies: finance.cookies });
      const id = body<TAdminSupportPage>(list).data.items.find((item) => item.reference === reference)!.id;
      const res = await broken.inject({
        method: 'POST',
        url: `/admin/support/${id}/reply`,
        cookies: finance.cookies,
        headers: { ...origin(), 'accept-language': 'zh-CN' },
        payload: { replyId: `r${newId()}`, body: '好的，我们的商务同事会联系您。' },
      });
      expect([res.statusCode, body(res).errcode]).toEqual([502, ErrorCode.DELIVERY_FAILED]);
      const thread = body<TAdminSupportThread>(await broken.inject({ url: `/admin/support/${id}`, cookies: finance.cookies })).data;
      expect(thread).toMatchObject({ state: 'NEW', replies: 0 });
      expect(thread.replyList).toEqual([expect.objectContaining({ body: '好的，我们的商务同事会联系您。', delivered: false })]);
    } finally {
      await broken.close();
    }
  });
});
