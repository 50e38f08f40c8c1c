import { isLocale, localeEntries, type TLocale, type TOrderItem } from '@llk/contracts';
import { formatFen } from '@llk/contracts/money';
import { z } from 'zod';
import { ZErrorEnvelope } from '../../infrastructure/http/envelope';
import { type TDocumentedAnswer } from '../../composition/plugins/openapi-operation';
import { INVOICE_TEXTS, type InvoiceTexts } from './invoice-document.texts';

// The printable international invoice (ADR 0030): one HTML page, no script, its own print CSS,
// written in the language the customer asked in. Every value from a person (buyer, seller) is
// escaped; the page is served with a CSP that allows nothing but its inline style.

export interface InvoiceSellerSnapshot {
  name: string;
  address: string[];
  taxId: string;
  email: string | null;
  sample: boolean;
}

export interface InvoiceDocumentView {
  number: string;
  state: 'ISSUED' | 'REPLACED';
  locale: string;
  issuedAt: string;
  orderId: string;
  paidAt: string;
  payMethod: string;
  seller: InvoiceSellerSnapshot;
  buyer: { name: string; address: string; country: string; taxId: string | null; email: string };
  lines: TOrderItem[];
  /** what was invoiced: paid less refunded when it was issued, fen */
  totalFen: number;
  /** the invoice this one replaced, if a re-issue */
  replaces: string | null;
  /** the invoice that replaced this one, and when */
  replacedBy: { number: string; at: string } | null;
}

/** HTML headers of the page: nothing runs, nothing loads, nobody frames it, nobody caches it. */
export const INVOICE_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

const errorEnvelope = z.toJSONSchema(ZErrorEnvelope, { target: 'draft-2020-12' }) as Record<string, unknown>;
delete errorEnvelope.$schema;

/** What the page routes answer, for the API document: the page, or an envelope (no such order, no invoice). */
export const INVOICE_PAGE_ANSWERS: Record<string, TDocumentedAnswer> = {
  200: { description: 'The invoice page (HTML, print styles)', content: { 'text/html': { schema: { type: 'string' } } } },
  404: {
    description: '20001 ORDER_NOT_FOUND, 20211 ORDER_INVOICE_NOT_ISSUED, 80104 ADMIN_INVOICE_NOT_FOUND',
    content: { 'application/json': { schema: errorEnvelope } },
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

export function invoiceLocale(locale: string): TLocale {
  return isLocale(locale) ? locale : 'en';
}

/** 'Pro membership · 1 year', '10 screen walls', 'HD picture quality · 1 year' */
export function lineName(t: InvoiceTexts, item: TOrderItem): string {
  const tier: keyof InvoiceTexts['tiers'] = /ULTRA/.test(item.skuId) ? 'ULTRA' : /STANDARD/.test(item.skuId) ? 'STANDARD' : 'HD';
  const name =
    item.itemType === 'MONITOR'
      ? t.items.MONITOR(item.units * item.quantity)
      : item.itemType === 'QUALITY'
        ? t.items.QUALITY(t.tiers[tier])
        : t.items[item.itemType];
  const term = item.timeUnit ? t.term[item.timeUnit](item.duration * item.quantity) : null;
  return term ? `${name} · ${term}` : name;
}

const dateIn = (iso: string, tag: string) =>
  new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'Asia/Shanghai' }).format(new Date(iso));

function countryName(code: string, tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f4f5f7;color:#1a1d23;font:14px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans","PingFang SC","Hiragino Sans","Malgun Gothic",sans-serif}
main{max-width:820px;margin:24px auto;background:#fff;padding:40px 44px;border:1px solid #dfe2e8;border-radius:8px}
h1{font-size:26px;margin:0 0 4px;letter-spacing:.02em}
.head{display:flex;flex-wrap:wrap;justify-content:space-between;gap:16px 32px;align-items:flex-start;border-bottom:2px solid #1a1d23;padding-bottom:16px}
.facts{display:grid;grid-template-columns:auto auto;gap:2px 16px;margin:0}
.facts dt{color:#5b6270}.facts dd{margin:0;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.parties{display:grid;grid-template-columns:1fr 1fr;gap:24px;margin:24px 0}
.parties h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#5b6270;margin:0 0 6px}
.parties p{margin:0;overflow-wrap:anywhere;white-space:pre-line}
.parties .name{font-weight:600}
table{width:100%;border-collapse:collapse;margin-top:8px}
th,td{padding:8px 6px;border-bottom:1px solid #dfe2e8;text-align:left;vertical-align:top}
th{font-size:12px;color:#5b6270;font-weight:600}
.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.totals{margin:12px 0 0 auto;max-width:320px;display:grid;grid-template-columns:1fr auto;gap:4px 0}
.totals dt{color:#5b6270;padding-right:16px}.totals dd{margin:0;text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.totals .grand{font-weight:700;font-size:16px;color:#1a1d23;border-top:2px solid #1a1d23;padding-top:6px}
.note{color:#5b6270;margin-top:24px}
.banner{border:2px solid #b42318;color:#b42318;background:#fef3f2;padding:10px 14px;border-radius:6px;margin:0 0 20px;font-weight:600}
.banner.info{border-color:#5b6270;color:#1a1d23;background:#f4f5f7;font-weight:500}
.hint{max-width:820px;margin:0 auto 24px;color:#5b6270;text-align:center;font-size:13px}
@media (max-width:640px){main{margin:0;border:0;border-radius:0;padding:24px 18px}.parties{grid-template-columns:1fr}}
@page{size:A4;margin:16mm}
@media print{body{background:#fff}main{margin:0;border:0;padding:0;max-width:none}.hint{display:none}.banner{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
`;

/** The whole page. */
export function renderInvoiceDocument(view: InvoiceDocumentView): string {
  const locale = invoiceLocale(view.locale);
  const t = INVOICE_TEXTS[locale];
  const tag = localeEntries[locale].iso;
  const e = escapeHtml;
  const fen = (amount: number) => e(formatFen(amount, tag));
  const subtotal = view.lines.reduce((sum, line) => sum + line.amountFen, 0);
  const refunded = subtotal - view.totalFen;
  const facts: Array<[string, string]> = [
    [t.number, view.number],
    [t.issuedOn, dateIn(view.issuedAt, tag)],
    [t.orderNo, view.orderId],
    [t.paidOn, dateIn(view.paidAt, tag)],
    [t.method, t.methods[view.payMethod] ?? view.payMethod],
  ];
  const seller = [
    `<p class="name">${e(view.seller.name)}</p>`,
    `<p>${view.seller.address.map(e).join('\n')}</p>`,
    `<p>${e(t.taxId)}${e(t.colon)}${e(view.seller.taxId)}</p>`,
    view.seller.email ? `<p>${e(t.email)}${e(t.colon)}${e(view.seller.email)}</p>` : '',
  ].join('');
  const buyer = [
    `<p class="name" data-field="buyer-name">${e(view.buyer.name)}</p>`,
    `<p>${e(view.buyer.address)}</p>`,
    `<p data-field="buyer-country">${e(countryName(view.buyer.country, tag))}</p>`,
    view.buyer.taxId ? `<p data-field="buyer-tax-id">${e(t.taxId)}${e(t.colon)}${e(view.buyer.taxId)}</p>` : '',
    `<p>${e(t.email)}${e(t.colon)}${e(view.buyer.email)}</p>`,
  ].join('');
  const rows = view.lines
    .map(
      (line) =>
        `<tr><td>${e(lineName(t, line))}</td><td class="num">${line.quantity}</td><td class="num">${fen(line.priceFen)}</td><td class="num">${fen(line.amountFen)}</td></tr>`,
    )
    .join('');
  const banners = [
    view.seller.sample ? `<p class="banner" data-testid="invoice-sample">${e(t.sample)}</p>` : '',
    view.replacedBy
      ? `<p class="banner" data-testid="invoice-replaced">${e(fill(t.replacedBy, { number: view.replacedBy.number, date: dateIn(view.replacedBy.at, tag) }))}</p>`
      : '',
    view.replaces ? `<p class="banner info" data-testid="invoice-replaces">${e(fill(t.replaces, { number: view.replaces }))}</p>` : '',
  ].join('');
  return `<!doctype html>
<html lang="${e(tag)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(t.title)} ${e(view.number)}</title>
<style>${STYLE}</style>
</head>
<body>
<main data-testid="invoice-document" data-number="${e(view.number)}" data-state="${view.state}">
${banners}
<div class="head">
<h1>${e(t.title)}</h1>
<dl class="facts">${facts.map(([label, value]) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`).join('')}</dl>
</div>
<div class="parties">
<section><h2>${e(t.seller)}</h2>${seller}</section>
<section><h2>${e(t.buyer)}</h2>${buyer}</section>
</div>
<table>
<thead><tr><th>${e(t.description)}</th><th class="num">${e(t.quantity)}</th><th class="num">${e(t.unitPrice)}</th><th class="num">${e(t.amount)}</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<dl class="totals">
<dt>${e(t.subtotal)}</dt><dd>${fen(subtotal)}</dd>
${refunded > 0 ? `<dt>${e(t.refunded)}</dt><dd>−${fen(refunded)}</dd>` : ''}
<dt class="grand">${e(t.total)}</dt><dd class="grand" data-testid="invoice-total">${fen(view.totalFen)}</dd>
</dl>
<p class="note">${e(t.currencyNote)}</p>
</main>
<p class="hint">${e(t.printHint)}</p>
</body>
</html>
`;
}
