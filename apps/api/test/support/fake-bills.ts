import { crc32, deflateRawSync } from 'node:zlib';
import { fenToYuan, toBeijingTime } from '../../src/modules/payments/money';
import { type TGatewayMethod } from '../../src/modules/payments/provider';

// The fake gateways' daily trade bills in the gateways' formats, built from what the fakes
// recorded: Alipay's zip of GBK CSV files (detail between `#` comment lines, and a summary),
// WeChat Pay's backtick-prefixed text with its two summary lines. Fees are 0.6 %: Alipay
// states them in fen, WeChat Pay to 1/1000 fen.

export interface FakeLedgerEntry {
  method: TGatewayMethod;
  kind: 'payment' | 'refund';
  paymentNo: string;
  tradeNo: string;
  subject: string;
  /** the payment's amount, or the refund's */
  amountFen: number;
  refundNo?: string;
  refundId?: string;
  at: Date;
}

/** Beijing business day of a moment, YYYY-MM-DD. */
export const beijingDay = (at: Date) => toBeijingTime(at).slice(0, 10);

/** Signed yuan with `decimals` places from an integer number of 10^-decimals yuan. */
function yuan(units: number, decimals: number): string {
  const sign = units < 0 ? '-' : '';
  const text = String(Math.abs(units)).padStart(decimals + 1, '0');
  return `${sign}${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

// ---------------------------------------------------------------- GBK

let gbkTable: Map<string, Buffer> | undefined;

/** Encodes text as GBK (Node decodes GBK but cannot encode it): a reverse table built from the decoder. */
export function encodeGbk(text: string): Buffer {
  if (!gbkTable) {
    const table = new Map<string, Buffer>();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead += 1) {
      for (let trail = 0x40; trail <= 0xfe; trail += 1) {
        if (trail === 0x7f) continue;
        const bytes = Buffer.from([lead, trail]);
        const char = decoder.decode(bytes);
        if (char.length === 1 && char !== '\uFFFD' && !table.has(char)) table.set(char, bytes);
      }
    }
    gbkTable = table;
  }
  const table = gbkTable;
  return Buffer.concat(
    Array.from(text, (char) => {
      if (char.charCodeAt(0) < 0x80) return Buffer.from(char, 'latin1');
      const bytes = table.get(char);
      if (!bytes) throw new Error(`no GBK for ${char}`);
      return bytes;
    }),
  );
}

// ---------------------------------------------------------------- zip

/** A zip with deflated entries; names written as given (GBK, without the UTF-8 flag, as Alipay does). */
export function makeZip(entries: { name: Buffer; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const compressed = deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

// ---------------------------------------------------------------- Alipay

const ALIPAY_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';

const alipayFee = (fen: number) => Math.round((fen * 6) / 1000);

function chineseTime(day: string, time: string): string {
  const [y, m, d] = day.split('-');
  return `${y}年${m}月${d}日 ${time}`;
}

/** Alipay's trade bill zip for a day: the detail and the summary file, GBK. */
export function alipayBillZip(entries: FakeLedgerEntry[], day: string, sellerId: string): Buffer {
  const lines: string[] = [];
  let paid = 0;
  let refunded = 0;
  let fees = 0;
  for (const entry of entries) {
    const refund = entry.kind === 'refund';
    const amount = fenToYuan(entry.amountFen);
    const signed = refund ? `-${amount}` : amount;
    const fee = alipayFee(entry.amountFen);
    fees += refund ? -fee : fee;
    if (refund) refunded += entry.amountFen;
    else paid += entry.amountFen;
    const at = toBeijingTime(entry.at);
    // Text fields are padded with a tab, as Alipay does to keep spreadsheets from reading numbers.
    lines.push(
      [
        `${entry.tradeNo}\t`,
        `${entry.paymentNo}\t`,
        refund ? '退款\t' : '交易\t',
        `${entry.subject}\t`,
        at,
        at,
        '\t',
        '\t',
        '\t',
        '\t',
        'buy***@example.com\t',
        signed,
        signed,
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '\t',
        '0.00',
        '0.00',
        refund ? `${entry.refundNo ?? ''}\t` : '\t',
        yuan(refund ? fee : -fee, 2),
        '0.00',
        '\t',
      ].join(','),
    );
  }
  const payments = entries.filter((entry) => entry.kind === 'payment').length;
  const refunds = entries.length - payments;
  const next = beijingDay(new Date(Date.parse(`${day}T00:00:00+08:00`) + 24 * 60 * 60 * 1000));
  const preamble = [
    `#支付宝业务明细查询`,
    `#账号：[${sellerId}0156]`,
    `#起始日期：[${chineseTime(day, '00:00:00')}]   终止日期：[${chineseTime(next, '00:00:00')}]`,
  ];
  const detail = [
    ...preamble,
    '#-----------------------------------------业务明细列表----------------------------------------',
    ALIPAY_HEADER,
    ...lines,
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${payments}笔，商家实收共${fenToYuan(paid)}元，商家优惠共0.00元`,
    `#退款合计：${refunds}笔，商家实收退款共${refunded ? `-${fenToYuan(refunded)}` : '0.00'}元，商家优惠退款共0.00元`,
    `#导出时间：[${chineseTime(next, '09:00:00')}]`,
  ].join('\r\n');
  const net = yuan(paid - refunded, 2);
  const summary = [
    '#支付宝业务汇总查询',
    ...preamble.slice(1),
    '#-----------------------------------------业务汇总列表----------------------------------------',
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,支付宝优惠（元）,商家优惠（元）,卡消费金额（元）,服务费（元）,分润（元）,实收净额（元）',
    `合计,,${payments},${refunds},${net},${net},0.00,0.00,0.00,${yuan(-fees, 2)},0.00,${yuan(paid - refunded - fees, 2)}`,
    '#----------------------------------------业务汇总列表结束-------------------------------------',
    `#导出时间：[${chineseTime(next, '09:00:00')}]`,
  ].join('\r\n');
  const stem = `${sellerId}_${day.replaceAll('-', '')}`;
  return makeZip([
    { name: encodeGbk(`${stem}_业务明细.csv`), data: encodeGbk(detail) },
    { name: encodeGbk(`${stem}_业务明细(汇总).csv`), data: encodeGbk(summary) },
  ]);
}

// ---------------------------------------------------------------- WeChat Pay

const WECHAT_HEADER =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';

/** WeChat Pay's ALL trade bill for a day, as downloaded (UTF-8). */
export function wechatBillText(entries: FakeLedgerEntry[], appId: string, mchid: string): string {
  const lines = [WECHAT_HEADER];
  let settled = 0;
  let refunded = 0;
  let milliFee = 0;
  for (const entry of entries) {
    const refund = entry.kind === 'refund';
    const amount = fenToYuan(entry.amountFen);
    // 0.6 % in 1/1000 fen: what WeChat Pay prints with five decimals
    const fee = entry.amountFen * 6 * (refund ? -1 : 1);
    milliFee += fee;
    if (refund) refunded += entry.amountFen;
    else settled += entry.amountFen;
    const fields = [
      toBeijingTime(entry.at),
      appId,
      mchid,
      '0',
      '',
      entry.tradeNo,
      entry.paymentNo,
      'oSandboxPayer0000000000000000',
      'NATIVE',
      refund ? 'REFUND' : 'SUCCESS',
      'OTHERS',
      'CNY',
      refund ? '0.00' : amount,
      '0.00',
      refund ? (entry.refundId ?? '') : '0',
      refund ? (entry.refundNo ?? '') : '0',
      refund ? amount : '0.00',
      '0.00',
      refund ? 'ORIGINAL' : '',
      refund ? 'SUCCESS' : '',
      entry.subject,
      '',
      yuan(fee, 5),
      '0.60%',
      refund ? '0.00' : amount,
      refund ? amount : '0.00',
      '',
    ];
    lines.push(fields.map((field) => `\`${field}`).join(','));
  }
  lines.push('总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额');
  lines.push(
    [String(entries.length), fenToYuan(settled), fenToYuan(refunded), '0.00', yuan(milliFee, 5), fenToYuan(settled), fenToYuan(refunded)]
      .map((field) => `\`${field}`)
      .join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}
