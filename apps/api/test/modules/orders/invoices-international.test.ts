import {
  ErrorCode,
  checkInvoiceTaxNumber,
  type TAdminInvoice,
  type TAdminInvoicesPage,
  type TOrderInvoice,
  type TOrderInvoices,
} from '@llk/contracts';
import { formatFen } from '@llk/contracts/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/composition/config';
import { AppError } from '../../../src/infrastructure/http/app-error';
import { requestOrderInvoice } from '../../../src/modules/orders/order-history.service';
import { formatInvoiceNumber, invoiceYear } from '../../../src/modules/orders/invoices.service';
import { upsertSkus } from '../../../src/modules/pricing/pricing.repository';
import { PRODUCTION_ENV, testConfig, testDialects, useTestApp } from '../../helper';
import { acceptLanguageOf, messageOf } from '../../messages';
import { auditOf, newStaff, sandboxPaidOrder } from '../admin/support';
import { body, SKUS } from './support';

// International invoices (ADR 0030): the request's kind from the country,
// VAT numbers checked by jsvat (Spain: ESB12345674 and ESA12345674 have right check digits;
// ESB12345678, a plausible-looking "B12345678", has a wrong one), issued at once with a gapless
// number per year, the printable page for its owner and for staff, re-issue in the back office.

const SPAIN = {
  title: 'Ejemplo Soluciones S.L.',
  address: 'Calle Mayor 1, 3º B\n28013 Madrid',
  country: 'ES',
  taxId: 'B-1234567-4',
  email: 'facturas@ejemplo.es',
};
const NUMBER_RE = /^LLK-\d{4}-\d{6}$/;

describe('checkInvoiceTaxNumber (jsvat where it knows the country, else free text)', () => {
  it('accepts VAT numbers with right check digits, with or without the prefix, as people write them, and keeps the canonical form', () => {
    expect(checkInvoiceTaxNumber('ES', 'B12345674')).toEqual({ ok: true, value: 'ESB12345674' });
    expect(checkInvoiceTaxNumber('ES', 'ES A-1234567-4')).toEqual({ ok: true, value: 'ESA12345674' });
    expect(checkInvoiceTaxNumber('FR', 'FR 40 303 265 045')).toEqual({ ok: true, value: 'FR40303265045' });
    expect(checkInvoiceTaxNumber('DE', '136695976')).toEqual({ ok: true, value: 'DE136695976' });
    expect(checkInvoiceTaxNumber('GR', '094259216')).toEqual({ ok: true, value: 'EL094259216' });
    expect(checkInvoiceTaxNumber('AT', 'U13585627')).toEqual({ ok: true, value: 'ATU13585627' });
  });

  it('refuses a wrong check digit or a malformed number of a known country', () => {
    for (const [country, vat] of [
      ['ES', 'B12345678'],
      ['ES', 'ESB12345678'],
      ['FR', 'FR40303265046'],
      ['DE', '12345'],
      ['ES', '!!!'],
    ] as const) {
      expect({ country, vat, check: checkInvoiceTaxNumber(country, vat) }).toEqual({
        country,
        vat,
        check: { ok: false, key: 'validation.vatNumberInvalid' },
      });
    }
  });

  it('takes 2–40 letters and digits (spaces . - / inside) where jsvat knows nothing', () => {
    expect(checkInvoiceTaxNumber('US', '12-3456789')).toEqual({ ok: true, value: '12-3456789' });
    expect(checkInvoiceTaxNumber('JP', 'T1234567890123')).toEqual({ ok: true, value: 'T1234567890123' });
    for (const bad of ['X', '-12', '12-', 'a'.repeat(41), '12<3'])
      expect(checkInvoiceTaxNumber('US', bad)).toEqual({ ok: false, key: 'validation.taxNumberFormat' });
  });
});

describe('INVOICE_SELLER_* (config)', () => {
  it('is the marked sample outside production, all three or none, and nothing in production without them', () => {
    expect(testConfig().invoices.seller).toMatchObject({ sample: true, name: 'SAMPLE SELLER (not a real company)' });
    expect(testConfig().invoices.numberPrefix).toBe('LLK');
    const real = testConfig({
      INVOICE_SELLER_NAME: 'LLK Tech Ltd.',
      INVOICE_SELLER_ADDRESS: '88 Century Ave\\nShanghai 200120',
      INVOICE_SELLER_TAX_ID: '91310000MA1FL0AB2C',
      INVOICE_NUMBER_PREFIX: 'LLKT',
    });
    expect(real.invoices).toEqual({
      seller: {
        name: 'LLK Tech Ltd.',
        address: ['88 Century Ave', 'Shanghai 200120'],
        taxId: '91310000MA1FL0AB2C',
        email: undefined,
        sample: false,
      },
      numberPrefix: 'LLKT',
    });
    expect(() => testConfig({ INVOICE_SELLER_NAME: 'LLK Tech Ltd.' })).toThrow(
      /INVOICE_SELLER_ADDRESS: is required when INVOICE_SELLER_NAME is set/,
    );
    expect(() => testConfig({ INVOICE_NUMBER_PREFIX: 'llk' })).toThrow(/INVOICE_NUMBER_PREFIX/);
    expect(loadConfig({ ...PRODUCTION_ENV, DATABASE_URL: 'postgres://app@db/llk' }).invoices.seller).toBeUndefined();
    expect(
      loadConfig({
        ...PRODUCTION_ENV,
        DATABASE_URL: 'postgres://app@db/llk',
        INVOICE_SELLER_NAME: 'A',
        INVOICE_SELLER_ADDRESS: 'B',
        INVOICE_SELLER_TAX_ID: 'C',
      }).invoices.seller,
    ).toMatchObject({ name: 'A', sample: false });
  });

  it('numbers on the seller calendar (UTC+8): the year turns at 16:00 UTC on 31 December', () => {
    expect(invoiceYear(new Date('2026-12-31T15:59:59.999Z'))).toBe('2026');
    expect(invoiceYear(new Date('2026-12-31T16:00:00.000Z'))).toBe('2027');
    expect(formatInvoiceNumber('LLK', '2026', 1)).toBe('LLK-2026-000001');
    expect(formatInvoiceNumber('LLK', '2026', 1234567)).toBe('LLK-2026-1234567');
  });
});

describe.each(testDialects())('international invoices on $dialect', ({ dialect }) => {
  const ctx = useTestApp(dialect);
  const db = () => ctx.database.db;
  beforeAll(async () => {
    await upsertSkus(ctx.database.db, SKUS);
  });
  const post = (url: string, token: string, payload: Record<string, unknown>, lang = 'en') =>
    ctx.app.inject({ method: 'POST', url, headers: { authorization: token, 'accept-language': lang }, payload });
  const get = (url: string, token: string, lang = 'en') =>
    ctx.app.inject({ url, headers: { authorization: token, 'accept-language': lang } });
  const staffGet = (url: string, cookies: Record<string, string>) => ctx.app.inject({ url, cookies, headers: { 'accept-language': 'en' } });
  const staffPost = (url: string, cookies: Record<string, string>, payload: Record<string, unknown>, lang = 'en') =>
    ctx.app.inject({ method: 'POST', url, cookies, headers: { 'accept-language': lang, origin: ctx.app.config.webOrigin }, payload });

  it('issues a Spanish company its invoice at once, numbered, and its owner opens the printable page in Spanish', async () => {
    const { user, order } = await sandboxPaidOrder(ctx.app, 'MEMBER_YEAR');
    const res = await post('/order/invoice', user.token, { orderId: order.id, ...SPAIN }, acceptLanguageOf.es);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = body<TOrderInvoice>(res).data;
    expect(invoice).toMatchObject({
      kind: 'INTERNATIONAL',
      state: 'ISSUED',
      title: SPAIN.title,
      address: SPAIN.address,
      country: 'ES',
      taxId: 'ESB12345674',
      email: SPAIN.email,
      amountFen: 26800,
    });
    expect(invoice.invoiceNo).toMatch(NUMBER_RE);
    expect(body<TOrderInvoices>(await get(`/order/invoice/${order.id}`, user.token)).data.invoices).toEqual([invoice]);
    const rows = await db().selectFrom('invoices').selectAll().where('order_id', '=', order.id).execute();
    expect(rows.map((row) => [row.number, row.state, row.locale, row.pay_method, Number(row.total_fen)])).toEqual([
      [invoice.invoiceNo, 'ISSUED', 'es', 'ZFB', 26800],
    ]);
    // no support thread: nobody has anything to do
    expect(await db().selectFrom('support_threads').select('id').where('user_id', '=', user.id).execute()).toEqual([]);

    // the page: in Spanish whatever the caller's language now, escaped, printable, nothing runs
    const page = await get(`/order/invoice/${order.id}/document`, user.token, 'ja');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['cache-control']).toBe('private, no-store');
    const html = page.body;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(`<title>Factura ${invoice.invoiceNo}</title>`);
    expect(html).toContain(`data-number="${invoice.invoiceNo}"`);
    for (const text of [
      'Vendedor',
      'Cliente',
      'Ejemplo Soluciones S.L.',
      'Calle Mayor 1, 3º B\n28013 Madrid',
      'España',
      'NIF / número de IVA: ESB12345674',
      'Membresía Pro · 1 año',
      'Alipay',
      'Importes en yuanes chinos (CNY).',
      '@media print',
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain(`data-testid="invoice-total">${formatFen(26800, 'es')}<`);
    // the embedded default's seller is a marked sample
    expect(html).toContain('data-testid="invoice-sample"');
    expect(html).toContain('SAMPLE SELLER (not a real company)');
    expect(html).not.toContain('<script');
  });

  it('answers the page only to its owner; a fapiao has none; a person-supplied text is escaped', async () => {
    const { user, order } = await sandboxPaidOrder(ctx.app, 'MONITOR_1');
    const hostile = { ...SPAIN, title: '<script>alert(1)</script> & "Co"', address: '<img src=x onerror=alert(1)>' };
    expect(body(await post('/order/invoice', user.token, { orderId: order.id, ...hostile })).errcode).toBe(0);
    const html = (await get(`/order/invoice/${order.id}/document`, user.token)).body;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');

    const stranger = await sandboxPaidOrder(ctx.app, 'MONITOR_1');
    const theirs = await get(`/order/invoice/${order.id}/document`, stranger.user.token, acceptLanguageOf.fr);
    expect({ status: theirs.statusCode, errcode: body(theirs).errcode, errmsg: body(theirs).errmsg }).toEqual({
      status: 404,
      errcode: ErrorCode.ORDER_NOT_FOUND,
      errmsg: messageOf('fr', 'errors.orderNotFound'),
    });
    expect((await ctx.app.inject({ url: `/order/invoice/${order.id}/document` })).statusCode).toBe(401);

    // a mainland request stays the finance team's fapiao: REQUESTED, a support thread, no page
    const fapiao = await post('/order/invoice', stranger.user.token, {
      orderId: stranger.order.id,
      title: '上海示例科技有限公司',
      taxId: '91310000MA1FL0AB2C',
      email: 'cw@example.cn',
      country: 'CN',
    });
    expect(body<TOrderInvoice>(fapiao).data).toMatchObject({
      kind: 'FAPIAO',
      state: 'REQUESTED',
      country: 'CN',
      address: null,
      invoiceNo: null,
      taxId: '91310000MA1FL0AB2C',
    });
    expect(await db().selectFrom('support_threads').select('id').where('user_id', '=', stranger.user.id).execute()).toHaveLength(1);
    const none = await get(`/order/invoice/${stranger.order.id}/document`, stranger.user.token, acceptLanguageOf.ko);
    expect({ status: none.statusCode, errcode: body(none).errcode, errmsg: body(none).errmsg }).toEqual({
      status: 404,
      errcode: ErrorCode.ORDER_INVOICE_NOT_ISSUED,
      errmsg: messageOf('ko', 'errors.orderInvoiceNotIssued'),
    });
  });

  it("refuses bad input field by field in the caller's language, and keeps nothing", async () => {
    const { user, order } = await sandboxPaidOrder(ctx.app, 'MONITOR_1');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...SPAIN, taxId: 'B12345678' }, 'taxId', 'validation.vatNumberInvalid'],
      [{ ...SPAIN, taxId: 'ESB12345678' }, 'taxId', 'validation.vatNumberInvalid'],
      [{ ...SPAIN, country: 'US', taxId: '<>' }, 'taxId', 'validation.taxNumberFormat'],
      [{ ...SPAIN, taxId: 'x'.repeat(41) }, 'taxId', 'validation.tooLong'],
      [{ ...SPAIN, address: '' }, 'address', 'validation.required'],
      [{ ...SPAIN, address: 'x'.repeat(301) }, 'address', 'validation.tooLong'],
      [{ ...SPAIN, country: 'XX' }, 'country', 'validation.invalidValue'],
      [{ ...SPAIN, country: 'es' }, 'country', 'validation.invalidValue'],
      [{ ...SPAIN, country: 34 }, 'country', 'validation.invalidType'],
      // CN is a fapiao: its taxpayer id rule
      [{ ...SPAIN, country: 'CN' }, 'taxId', 'validation.invalidValue'],
    ];
    for (const [payload, field, key] of cases) {
      const res = await post('/order/invoice', user.token, { orderId: order.id, ...payload }, acceptLanguageOf.es);
      expect({ payload, status: res.statusCode, errcode: body(res).errcode, errmsg: body(res).errmsg }).toEqual({
        payload,
        status: 400,
        errcode: ErrorCode.VALIDATION_FAILED,
        errmsg: `${field}: ${messageOf('es', key)}`,
      });
    }
    expect(await db().selectFrom('invoice_requests').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    // a country jsvat does not know takes a free tax number, or none
    const us = await post('/order/invoice', user.token, {
      orderId: order.id,
      ...SPAIN,
      country: 'US',
      address: '1 Main St\nSpringfield, IL 62701',
      taxId: '12-3456789',
    });
    expect(body<TOrderInvoice>(us).data).toMatchObject({ kind: 'INTERNATIONAL', state: 'ISSUED', country: 'US', taxId: '12-3456789' });
  });

  it('issues one invoice with one number for 20 parallel requests of one order', async () => {
    const { user, order } = await sandboxPaidOrder(ctx.app, 'CHANNEL_YEAR');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/order/invoice', user.token, { orderId: order.id, ...SPAIN })),
    );
    const codes = answers.map((res) => body(res).errcode);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.ORDER_INVOICE_OPEN)).toHaveLength(19);
    expect(answers.every((res) => res.statusCode < 500)).toBe(true);
    expect(await db().selectFrom('invoice_requests').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
    expect(await db().selectFrom('invoices').select('number').where('order_id', '=', order.id).execute()).toHaveLength(1);
  });

  it('numbers invoices of parallel orders without a gap or a repeat', async () => {
    const paid = [];
    for (let i = 0; i < 8; i += 1) paid.push(await sandboxPaidOrder(ctx.app, 'MONITOR_1'));
    const answers = await Promise.all(
      paid.map(({ user, order }) =>
        post('/order/invoice', user.token, { orderId: order.id, ...SPAIN, country: 'FR', taxId: 'FR40303265045' }),
      ),
    );
    const numbers = answers.map((res) => body<TOrderInvoice>(res).data.invoiceNo ?? '');
    const serials = numbers.map((number) => Number(number.split('-')[2])).sort((a, b) => a - b);
    expect(new Set(serials).size).toBe(8);
    expect(serials.at(-1)! - serials[0]!).toBe(7);
    // every number of the year so far, 1 … n, each once
    const year = invoiceYear(new Date());
    const all = (await db().selectFrom('invoices').select('number').execute())
      .map((row) => Number(row.number.split('-')[2]))
      .sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    const counter = await db().selectFrom('invoice_counters').selectAll().where('year', '=', year).executeTakeFirstOrThrow();
    expect(Number(counter.last_no)).toBe(all.length);
  });

  it('lets staff see and re-issue with corrected details: a new number, the old one replaced; a second click is refused', async () => {
    const finance = await newStaff(db(), 'FINANCE');
    const { user, order } = await sandboxPaidOrder(ctx.app, 'MEMBER_YEAR', 'WX');
    const first = body<TOrderInvoice>(
      await post('/order/invoice', user.token, { orderId: order.id, ...SPAIN, title: 'Ejemplo Solucione S.L.' }, acceptLanguageOf.es),
    ).data;
    const listed = body<TAdminInvoicesPage>(await staffGet('/admin/invoices?state=ISSUED&limit=100', finance.cookies)).data.items.find(
      (item) => item.id === first.id,
    );
    expect(listed).toMatchObject({
      kind: 'INTERNATIONAL',
      country: 'ES',
      locale: 'es',
      invoiceNo: first.invoiceNo,
      documents: [{ number: first.invoiceNo, state: 'ISSUED', replacedAt: null }],
    });

    const corrected = {
      title: 'Ejemplo Soluciones S.L.',
      address: SPAIN.address,
      country: 'ES',
      taxId: 'ESA12345674',
      number: first.invoiceNo,
      reason: 'typo in the company name',
    };
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => staffPost(`/admin/invoices/${first.id}/reissue`, finance.cookies, corrected)),
    );
    const won = clicks.filter((res) => body(res).errcode === 0);
    expect(won).toHaveLength(1);
    expect(clicks.filter((res) => body(res).errcode === ErrorCode.ADMIN_INVOICE_NOT_REISSUABLE)).toHaveLength(4);
    const after = body<TAdminInvoice>(won[0]!).data;
    expect(after).toMatchObject({ state: 'ISSUED', title: 'Ejemplo Soluciones S.L.', taxId: 'ESA12345674' });
    expect(after.invoiceNo).toMatch(NUMBER_RE);
    expect(after.invoiceNo).not.toBe(first.invoiceNo);
    expect(after.documents.map((doc) => [doc.number, doc.state, doc.reason])).toEqual([
      [after.invoiceNo, 'ISSUED', 'typo in the company name'],
      [first.invoiceNo, 'REPLACED', null],
    ]);
    expect((await auditOf(db(), first.id)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['invoice.reissue', 'typo in the company name'],
    ]);

    // the owner's page is the new invoice, saying what it replaces; staff still read the old one, marked
    const mine = (await get(`/order/invoice/${order.id}/document`, user.token)).body;
    expect(mine).toContain(`data-number="${after.invoiceNo}"`);
    expect(mine).toContain(`Esta factura sustituye a la factura ${first.invoiceNo}.`);
    expect(mine).toContain('WeChat Pay');
    const old = await staffGet(`/admin/invoices/${first.id}/document?number=${first.invoiceNo}`, finance.cookies);
    expect(old.statusCode, old.body).toBe(200);
    expect(old.body).toContain('data-state="REPLACED"');
    expect(old.body).toContain(`Sustituida por la factura ${after.invoiceNo}`);
    expect((await staffGet(`/admin/invoices/${first.id}/document`, finance.cookies)).body).toContain(`data-number="${after.invoiceNo}"`);

    // a fapiao, a stale number, a bad VAT number, a mainland country: refused, in the staff member's language
    const fapiaoOrder = await sandboxPaidOrder(ctx.app, 'MONITOR_1');
    const fapiao = body<TOrderInvoice>(
      await post('/order/invoice', fapiaoOrder.user.token, { orderId: fapiaoOrder.order.id, title: '张三', email: 'z@example.cn' }),
    ).data;
    const notMine = await staffPost(
      `/admin/invoices/${fapiao.id}/reissue`,
      finance.cookies,
      { ...corrected, number: 'LLK-2026-000001' },
      'zh-CN',
    );
    expect({ status: notMine.statusCode, errcode: body(notMine).errcode, errmsg: body(notMine).errmsg }).toEqual({
      status: 409,
      errcode: ErrorCode.ADMIN_INVOICE_NOT_REISSUABLE,
      errmsg: messageOf('zh-CN', 'errors.adminInvoiceNotReissuable'),
    });
    for (const [payload, field] of [
      [{ ...corrected, number: after.invoiceNo, taxId: 'ESB12345678' }, 'taxId'],
      [{ ...corrected, number: after.invoiceNo, country: 'CN' }, 'country'],
      [{ ...corrected, number: 'nope' }, 'number'],
      [{ ...corrected, number: after.invoiceNo, address: ' ' }, 'address'],
    ] as const) {
      const res = await staffPost(`/admin/invoices/${first.id}/reissue`, finance.cookies, payload);
      expect({ field, status: res.statusCode, errcode: body(res).errcode, starts: body(res).errmsg.startsWith(`${field}: `) }).toEqual({
        field,
        status: 400,
        errcode: ErrorCode.VALIDATION_FAILED,
        starts: true,
      });
    }
    // a customer is no staff member
    expect((await ctx.app.inject({ url: `/admin/invoices/${first.id}/document` })).statusCode).toBe(401);
  });

  it('refuses international invoices with 20210 when production has no seller configured', async () => {
    const { user, order } = await sandboxPaidOrder(ctx.app, 'MONITOR_1');
    const input = { orderId: order.id, ...SPAIN, taxId: 'ESB12345674' };
    await expect(requestOrderInvoice(db(), user.id, input, new Date(), 'es', { seller: undefined, numberPrefix: 'LLK' })).rejects.toSatisfy(
      (error: unknown) => error instanceof AppError && error.errcode === ErrorCode.ORDER_INVOICE_UNAVAILABLE,
    );
    expect(await db().selectFrom('invoice_requests').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    expect(messageOf('es', 'errors.orderInvoiceUnavailable')).toBe(
      'Las facturas internacionales aún no están disponibles. Ponte en contacto con soporte.',
    );
  });
});
