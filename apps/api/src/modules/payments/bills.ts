import { crc32, inflateRawSync } from 'node:zlib';
import { fromBeijingTime } from './money';
import { type BillRow, type BillTotals, type GatewayBill, type TGatewayMethod } from './provider';

// The gateways' daily trade bills, read into rows of whole fen. Alipay: a zip of GBK CSV files
// (the detail with `#` comment lines around it, and a summary); WeChat Pay: UTF-8 text whose
// every value carries a leading backtick, the last two lines a summary. Columns are found by
// their header names, since neither gateway promises their order. Money is read as text
// (string arithmetic, never floating point); a line the parser does not understand fails the
// whole bill rather than being skipped, because a skipped line is money nobody looks at.

export class BillFormatError extends Error {
  constructor(
    readonly method: TGatewayMethod,
    detail: string,
  ) {
    super(`${method} bill: ${detail}`);
    this.name = 'BillFormatError';
  }
}

/**
 * A signed yuan amount ("-3.00", "0.1", "0.00600") → whole fen. Digits past the fen are allowed
 * only with `round` (fees), rounded half away from zero; otherwise they must be zeros.
 */
export function parseYuan(text: string, round = false): number | null {
  const match = /^([+-]?)(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!match) return null;
  const sign = match[1] === '-' ? -1 : 1;
  const decimals = match[3] ?? '';
  const cents = decimals.slice(0, 2).padEnd(2, '0');
  const rest = decimals.slice(2);
  let fen = Number(match[2]) * 100 + Number(cents);
  if (/[1-9]/.test(rest)) {
    if (!round) return null;
    if (Number(rest[0]) >= 5) fen += 1;
  }
  return fen === 0 ? 0 : sign * fen;
}

// ---------------------------------------------------------------- zip (Alipay)

export interface ZipEntry {
  /** the raw name bytes (Alipay writes GBK names without the UTF-8 flag) */
  name: Buffer;
  data: Buffer;
}

/** Reads a zip's stored and deflated entries through its central directory, checking each CRC-32. */
export function readZip(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) throw new Error('not a zip (no end of central directory)');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw new Error('broken local header');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const stored = zip.subarray(start, start + compressedSize);
    if (stored.length !== compressedSize) throw new Error('truncated entry');
    if (name.at(-1) === 0x2f) continue; // a directory
    let data: Buffer;
    if (method === 0) data = stored;
    else if (method === 8) data = inflateRawSync(stored);
    else throw new Error(`compression method ${method} not supported`);
    if (data.length !== size || crc32(data) !== crc) throw new Error('entry fails its CRC-32');
    entries.push({ name, data });
  }
  return entries;
}

// ---------------------------------------------------------------- shared

/** Charged on a payment, given back on a refund, whatever sign the bill prints (never -0). */
const feeOf = (kind: BillRow['kind'], fee: number) => (fee === 0 ? 0 : kind === 'payment' ? Math.abs(fee) : -Math.abs(fee));

function emptyTotals(): BillTotals {
  return { paymentCount: 0, paymentFen: 0, refundCount: 0, refundFen: 0, feeFen: 0 };
}

function addToTotals(totals: BillTotals, row: BillRow): void {
  if (row.kind === 'payment') {
    totals.paymentCount += 1;
    totals.paymentFen += row.amountFen;
  } else {
    totals.refundCount += 1;
    totals.refundFen += row.amountFen;
  }
  totals.feeFen += row.feeFen;
}

/** Finds columns by the start of their (whitespace-stripped) header names. */
function columns<K extends string>(
  method: TGatewayMethod,
  header: string[],
  wanted: Record<K, string[]>,
  optional: readonly string[] = [],
): Record<K, number> {
  const names = header.map((name) => name.replace(/\s+/g, ''));
  const found = {} as Record<K, number>;
  for (const key of Object.keys(wanted) as K[]) {
    const index = names.findIndex((name) => wanted[key].some((prefix) => name.startsWith(prefix)));
    if (index < 0 && !optional.includes(key)) throw new BillFormatError(method, `no column ${wanted[key].join(' / ')}`);
    found[key] = index;
  }
  return found;
}

// ---------------------------------------------------------------- Alipay

const ALIPAY_COLUMNS = {
  tradeNo: ['支付宝交易号'],
  outTradeNo: ['商户订单号'],
  type: ['业务类型'],
  finishedAt: ['完成时间'],
  amount: ['订单金额'],
  received: ['商家实收'],
  refundNo: ['退款批次号'],
  fee: ['服务费'],
};

/** An Alipay CSV line: comma-separated, values padded with tabs and spaces. */
function alipayFields(line: string): string[] {
  return line.split(',').map((field) => field.replace(/^[\s\t]+|[\s\t]+$/g, ''));
}

/**
 * Alipay's trade bill (bill_type trade): the zip's detail file (业务明细, not 汇总) parsed into
 * rows. Its footer counts (#交易合计：N笔 / #退款合计：M笔) and, when stated, the merchant's
 * receipts (商家实收共X元) must match the lines.
 */
export function parseAlipayBill(zip: Buffer, date: string): GatewayBill {
  let entries: ZipEntry[];
  try {
    entries = readZip(zip);
  } catch (error) {
    throw new BillFormatError('ZFB', (error as Error).message);
  }
  const decoder = new TextDecoder('gbk');
  const texts = entries.map((entry) => decoder.decode(entry.data));
  const detail = texts.find((text) => /^#.*业务明细列表-/m.test(text) && !/业务汇总列表/.test(text));
  if (detail === undefined) throw new BillFormatError('ZFB', 'no detail file (业务明细) in the zip');

  const lines = detail.split(/\r?\n/);
  const start = lines.findIndex((line) => /^#-+业务明细列表-+\s*$/.test(line.trim()));
  const end = lines.findIndex((line) => /^#-+业务明细列表结束-+\s*$/.test(line.trim()));
  if (start < 0 || end < start + 1) throw new BillFormatError('ZFB', 'detail list markers missing');
  const col = columns('ZFB', alipayFields(lines[start + 1] ?? ''), ALIPAY_COLUMNS);

  const rows: BillRow[] = [];
  const totals = emptyTotals();
  const received = { payment: 0, refund: 0 };
  for (const line of lines.slice(start + 2, end)) {
    if (line.trim() === '') continue;
    const fields = alipayFields(line);
    const get = (index: number) => fields[index] ?? '';
    const type = get(col.type);
    const kind = type === '交易' ? 'payment' : type === '退款' ? 'refund' : null;
    if (!kind) throw new BillFormatError('ZFB', `unknown business type ${type}`);
    const amount = parseYuan(get(col.amount));
    const fee = parseYuan(get(col.fee) || '0', true);
    const receivedFen = parseYuan(get(col.received) || '0');
    const at = fromBeijingTime(get(col.finishedAt));
    if (amount === null || fee === null || receivedFen === null || !at || !get(col.outTradeNo) || !get(col.tradeNo)) {
      throw new BillFormatError('ZFB', `unreadable line ${line.slice(0, 80)}`);
    }
    received[kind] += receivedFen;
    const refundNo = get(col.refundNo);
    const row: BillRow = {
      gateway: 'ZFB',
      outTradeNo: get(col.outTradeNo),
      gatewayTradeNo: get(col.tradeNo),
      kind,
      amountFen: Math.abs(amount),
      feeFen: feeOf(kind, fee),
      ...(kind === 'refund' && refundNo ? { outRefundNo: refundNo } : {}),
      at,
    };
    rows.push(row);
    addToTotals(totals, row);
  }

  const footer = lines.slice(end + 1).join('\n');
  const stated = (label: string) => {
    const match = new RegExp(`${label}：(\\d+)笔(?:，[^，\\n]*?实收[^共\\n]*共(-?[\\d.]+)元)?`).exec(footer);
    return match ? { count: Number(match[1]), received: match[2] === undefined ? null : parseYuan(match[2]) } : null;
  };
  const payments = stated('交易合计');
  const refunds = stated('退款合计');
  if (!payments || !refunds) throw new BillFormatError('ZFB', 'footer totals missing');
  if (payments.count !== totals.paymentCount || refunds.count !== totals.refundCount) {
    throw new BillFormatError(
      'ZFB',
      `footer says ${payments.count} payments and ${refunds.count} refunds, the lines ${totals.paymentCount} and ${totals.refundCount}`,
    );
  }
  if (
    (payments.received !== null && payments.received !== received.payment) ||
    (refunds.received !== null && refunds.received !== received.refund)
  ) {
    throw new BillFormatError('ZFB', 'footer receipts do not match the lines');
  }
  return { gateway: 'ZFB', date, rows, totals };
}

// ---------------------------------------------------------------- WeChat Pay

const WECHAT_COLUMNS = {
  time: ['交易时间'],
  transactionId: ['微信订单号'],
  outTradeNo: ['商户订单号'],
  state: ['交易状态'],
  settled: ['应结订单金额'],
  refundId: ['微信退款单号'],
  outRefundNo: ['商户退款单号'],
  refund: ['退款金额'],
  fee: ['手续费'],
  order: ['订单金额'],
  requested: ['申请退款金额'],
};

const WECHAT_SUMMARY_COLUMNS = { count: ['总交易单数'] };

/** A WeChat bill line: comma-separated, every value prefixed with a backtick. */
function wechatFields(line: string): string[] {
  return line.split(',').map((field) => (field.startsWith('`') ? field.slice(1) : field).trim());
}

/** WeChat Pay's trade bill (bill_type ALL) as downloaded; the summary's 总交易单数 must match the lines. */
export function parseWechatBill(text: string, date: string): GatewayBill {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const summaryAt = lines.findIndex((line) => line.startsWith('总交易单数'));
  if (lines.length < 3 || summaryAt < 1 || summaryAt !== lines.length - 2) throw new BillFormatError('WX', 'header or summary missing');
  // 订单金额 and 申请退款金额 appeared later than 应结订单金额 and 退款金额: take them when present.
  const col = columns('WX', wechatFields(lines[0] ?? ''), WECHAT_COLUMNS, ['order', 'requested']);

  const rows: BillRow[] = [];
  const totals = emptyTotals();
  for (const line of lines.slice(1, summaryAt)) {
    const fields = wechatFields(line);
    const get = (index: number) => (index < 0 ? '' : (fields[index] ?? ''));
    const state = get(col.state);
    const kind = state === 'SUCCESS' ? 'payment' : state === 'REFUND' ? 'refund' : null;
    if (!kind) throw new BillFormatError('WX', `unknown trade state ${state}`);
    const amountText = kind === 'payment' ? get(col.order) || get(col.settled) : get(col.requested) || get(col.refund);
    const amount = parseYuan(amountText);
    const fee = parseYuan(get(col.fee) || '0', true);
    const at = fromBeijingTime(get(col.time));
    if (
      amount === null ||
      fee === null ||
      !at ||
      !get(col.outTradeNo) ||
      !get(col.transactionId) ||
      (kind === 'refund' && !get(col.outRefundNo))
    ) {
      throw new BillFormatError('WX', `unreadable line ${line.slice(0, 80)}`);
    }
    const row: BillRow = {
      gateway: 'WX',
      outTradeNo: get(col.outTradeNo),
      gatewayTradeNo: get(col.transactionId),
      kind,
      amountFen: Math.abs(amount),
      feeFen: feeOf(kind, fee),
      ...(kind === 'refund' ? { outRefundNo: get(col.outRefundNo), gatewayRefundNo: get(col.refundId) } : {}),
      at,
    };
    rows.push(row);
    addToTotals(totals, row);
  }
  const summaryCol = columns('WX', wechatFields(lines[summaryAt] ?? ''), WECHAT_SUMMARY_COLUMNS);
  const count = Number(wechatFields(lines[summaryAt + 1] ?? '')[summaryCol.count]);
  if (!Number.isSafeInteger(count) || count !== rows.length)
    throw new BillFormatError('WX', `summary says ${count} lines, the bill has ${rows.length}`);
  return { gateway: 'WX', date, rows, totals };
}
