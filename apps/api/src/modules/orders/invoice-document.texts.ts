import { type TLocale } from '@llk/contracts';

// The printed international invoice's words in the seven locales (ADR 0030). The invoice is a
// page of the API (like the payment sandbox's), so its texts live beside it, not in the web's
// message files. Item names follow the account area's (apps/web/messages/*/account-home.json).

export interface InvoiceTexts {
  /** the document's heading and <title> */
  title: string;
  number: string;
  issuedOn: string;
  orderNo: string;
  paidOn: string;
  method: string;
  methods: Record<string, string>;
  seller: string;
  buyer: string;
  taxId: string;
  email: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  refunded: string;
  total: string;
  /** amounts are in CNY, paid in full */
  currencyNote: string;
  /** this invoice replaces {number} */
  replaces: string;
  /** replaced by {number} on {date}: no longer valid */
  replacedBy: string;
  /** the sample seller's banner */
  sample: string;
  printHint: string;
  /** between a label and its value on one line ("Email: …", "E-mail : …", "メール：…") */
  colon: string;
  items: { MEMBER: string; CHANNEL: string; CLOUD_PC: string; MONITOR: (count: number) => string; QUALITY: (tier: string) => string };
  tiers: Record<'STANDARD' | 'HD' | 'ULTRA', string>;
  term: { MONTH: (count: number) => string; YEAR: (count: number) => string };
}

const en = (one: string, other: string) => (count: number) => (count === 1 ? `1 ${one}` : `${count} ${other}`);

export const INVOICE_TEXTS: Record<TLocale, InvoiceTexts> = {
  'zh-CN': {
    title: '发票',
    number: '发票号码',
    issuedOn: '开具日期',
    orderNo: '订单号',
    paidOn: '付款日期',
    method: '支付方式',
    methods: { ZFB: '支付宝', WX: '微信支付', CARD: '银行卡' },
    seller: '销售方',
    buyer: '购买方',
    taxId: '税号',
    email: '邮箱',
    description: '项目',
    quantity: '数量',
    unitPrice: '单价',
    amount: '金额',
    subtotal: '小计',
    refunded: '已退款',
    total: '合计',
    currencyNote: '金额以人民币（CNY）计，已全额付清。',
    replaces: '本发票替代发票 {number}。',
    replacedBy: '本发票已于 {date} 由发票 {number} 替代，不再有效。',
    sample: '示例发票：销售方信息尚未配置，本文件不是有效发票。',
    printHint: '可使用浏览器的“打印”功能打印或另存为 PDF。',
    colon: '：',
    items: {
      MEMBER: '专业版会员',
      CHANNEL: '全球通道',
      CLOUD_PC: '云电脑',
      MONITOR: (count) => `${count} 个屏幕墙`,
      QUALITY: (tier) => `${tier}画质`,
    },
    tiers: { STANDARD: '标准', HD: '高清', ULTRA: '超清' },
    term: { MONTH: (count) => `${count} 个月`, YEAR: (count) => `${count} 年` },
  },
  'zh-tw': {
    title: '發票',
    number: '發票號碼',
    issuedOn: '開立日期',
    orderNo: '訂單編號',
    paidOn: '付款日期',
    method: '付款方式',
    methods: { ZFB: '支付寶', WX: '微信支付', CARD: '信用卡／金融卡' },
    seller: '賣方',
    buyer: '買方',
    taxId: '稅號',
    email: '電子郵件',
    description: '品項',
    quantity: '數量',
    unitPrice: '單價',
    amount: '金額',
    subtotal: '小計',
    refunded: '已退款',
    total: '總計',
    currencyNote: '金額以人民幣（CNY）計，已全額付清。',
    replaces: '本發票取代發票 {number}。',
    replacedBy: '本發票已於 {date} 由發票 {number} 取代，不再有效。',
    sample: '範例發票：賣方資料尚未設定，本文件不是有效發票。',
    printHint: '可使用瀏覽器的「列印」功能列印或另存為 PDF。',
    colon: '：',
    items: {
      MEMBER: '專業版會員',
      CHANNEL: '全球通道',
      CLOUD_PC: '雲端電腦',
      MONITOR: (count) => `${count} 個螢幕牆`,
      QUALITY: (tier) => `${tier}畫質`,
    },
    tiers: { STANDARD: '標準', HD: '高', ULTRA: '超高' },
    term: { MONTH: (count) => `${count} 個月`, YEAR: (count) => `${count} 年` },
  },
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    issuedOn: 'Date of issue',
    orderNo: 'Order number',
    paidOn: 'Paid on',
    method: 'Payment method',
    methods: { ZFB: 'Alipay', WX: 'WeChat Pay', CARD: 'Card' },
    seller: 'Seller',
    buyer: 'Bill to',
    taxId: 'VAT / tax number',
    email: 'Email',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    refunded: 'Refunded',
    total: 'Total',
    currencyNote: 'Amounts in Chinese yuan (CNY). Paid in full.',
    replaces: 'This invoice replaces invoice {number}.',
    replacedBy: 'Replaced by invoice {number} on {date}: this invoice is no longer valid.',
    sample: 'Sample invoice: the seller’s details are not configured. This is not a valid invoice.',
    printHint: 'Use your browser’s Print command to print it or save it as a PDF.',
    colon: ': ',
    items: {
      MEMBER: 'Pro membership',
      CHANNEL: 'Global channel',
      CLOUD_PC: 'Cloud PC',
      MONITOR: en('screen wall', 'screen walls'),
      QUALITY: (tier) => `${tier} picture quality`,
    },
    tiers: { STANDARD: 'Standard', HD: 'HD', ULTRA: 'Ultra HD' },
    term: { MONTH: en('month', 'months'), YEAR: en('year', 'years') },
  },
  es: {
    title: 'Factura',
    number: 'Número de factura',
    issuedOn: 'Fecha de emisión',
    orderNo: 'Número de pedido',
    paidOn: 'Fecha de pago',
    method: 'Forma de pago',
    methods: { ZFB: 'Alipay', WX: 'WeChat Pay', CARD: 'Tarjeta' },
    seller: 'Vendedor',
    buyer: 'Cliente',
    taxId: 'NIF / número de IVA',
    email: 'Correo electrónico',
    description: 'Concepto',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    amount: 'Importe',
    subtotal: 'Subtotal',
    refunded: 'Reembolsado',
    total: 'Total',
    currencyNote: 'Importes en yuanes chinos (CNY). Pagado en su totalidad.',
    replaces: 'Esta factura sustituye a la factura {number}.',
    replacedBy: 'Sustituida por la factura {number} el {date}: esta factura ya no es válida.',
    sample: 'Factura de ejemplo: los datos del vendedor no están configurados. No es una factura válida.',
    printHint: 'Usa la opción Imprimir del navegador para imprimirla o guardarla como PDF.',
    colon: ': ',
    items: {
      MEMBER: 'Membresía Pro',
      CHANNEL: 'Canal global',
      CLOUD_PC: 'PC en la nube',
      MONITOR: (count) => (count === 1 ? '1 muro de pantallas' : `${count} muros de pantallas`),
      QUALITY: (tier) => `Calidad de imagen ${tier}`,
    },
    tiers: { STANDARD: 'estándar', HD: 'HD', ULTRA: 'Ultra HD' },
    term: { MONTH: (count) => (count === 1 ? '1 mes' : `${count} meses`), YEAR: (count) => (count === 1 ? '1 año' : `${count} años`) },
  },
  fr: {
    title: 'Facture',
    number: 'Numéro de facture',
    issuedOn: 'Date d’émission',
    orderNo: 'Numéro de commande',
    paidOn: 'Payée le',
    method: 'Moyen de paiement',
    methods: { ZFB: 'Alipay', WX: 'WeChat Pay', CARD: 'Carte bancaire' },
    seller: 'Vendeur',
    buyer: 'Facturé à',
    taxId: 'N° de TVA / fiscal',
    email: 'E-mail',
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    refunded: 'Remboursé',
    total: 'Total',
    currencyNote: 'Montants en yuans chinois (CNY). Payée intégralement.',
    replaces: 'Cette facture remplace la facture {number}.',
    replacedBy: 'Remplacée par la facture {number} le {date} : cette facture n’est plus valable.',
    sample: 'Facture d’exemple : les coordonnées du vendeur ne sont pas configurées. Ce n’est pas une facture valable.',
    printHint: 'Utilisez la commande Imprimer de votre navigateur pour l’imprimer ou l’enregistrer en PDF.',
    colon: '\u00a0: ',
    items: {
      MEMBER: 'Forfait Pro',
      CHANNEL: 'Canal mondial',
      CLOUD_PC: 'PC cloud',
      MONITOR: (count) => (count === 1 ? '1 mur d’écrans' : `${count} murs d’écrans`),
      QUALITY: (tier) => `Qualité d’image ${tier}`,
    },
    tiers: { STANDARD: 'standard', HD: 'HD', ULTRA: 'Ultra HD' },
    term: { MONTH: (count) => `${count} mois`, YEAR: (count) => (count === 1 ? '1 an' : `${count} ans`) },
  },
  ja: {
    title: '請求書',
    number: '請求書番号',
    issuedOn: '発行日',
    orderNo: '注文番号',
    paidOn: '支払日',
    method: '支払方法',
    methods: { ZFB: 'Alipay', WX: 'WeChat Pay', CARD: 'クレジットカード' },
    seller: '販売者',
    buyer: '請求先',
    taxId: 'VAT／税番号',
    email: 'メール',
    description: '品目',
    quantity: '数量',
    unitPrice: '単価',
    amount: '金額',
    subtotal: '小計',
    refunded: '返金済み',
    total: '合計',
    currencyNote: '金額は人民元（CNY）建てです。全額支払済みです。',
    replaces: 'この請求書は請求書 {number} に代わるものです。',
    replacedBy: 'この請求書は {date} に請求書 {number} に差し替えられ、無効になりました。',
    sample: 'サンプルの請求書です。販売者の情報が設定されていないため、有効な請求書ではありません。',
    printHint: 'ブラウザの印刷機能で印刷するか、PDF として保存できます。',
    colon: '：',
    items: {
      MEMBER: 'Pro メンバーシップ',
      CHANNEL: 'グローバルチャネル',
      CLOUD_PC: 'クラウド PC',
      MONITOR: (count) => `スクリーンウォール ${count} 枠`,
      QUALITY: (tier) => `画質：${tier}`,
    },
    tiers: { STANDARD: '標準', HD: 'HD', ULTRA: '超高画質' },
    term: { MONTH: (count) => `${count} か月`, YEAR: (count) => `${count} 年` },
  },
  ko: {
    title: '인보이스',
    number: '인보이스 번호',
    issuedOn: '발행일',
    orderNo: '주문 번호',
    paidOn: '결제일',
    method: '결제 수단',
    methods: { ZFB: '알리페이', WX: '위챗페이', CARD: '카드' },
    seller: '판매자',
    buyer: '청구 대상',
    taxId: 'VAT/세금 번호',
    email: '이메일',
    description: '품목',
    quantity: '수량',
    unitPrice: '단가',
    amount: '금액',
    subtotal: '소계',
    refunded: '환불됨',
    total: '합계',
    currencyNote: '금액은 중국 위안(CNY) 기준이며 전액 결제되었습니다.',
    replaces: '이 인보이스는 인보이스 {number}을(를) 대체합니다.',
    replacedBy: '이 인보이스는 {date}에 인보이스 {number}(으)로 대체되어 더 이상 유효하지 않습니다.',
    sample: '샘플 인보이스입니다. 판매자 정보가 설정되지 않아 유효한 인보이스가 아닙니다.',
    printHint: '브라우저의 인쇄 기능으로 인쇄하거나 PDF로 저장할 수 있습니다.',
    colon: ': ',
    items: {
      MEMBER: 'Pro 멤버십',
      CHANNEL: '글로벌 채널',
      CLOUD_PC: '클라우드 PC',
      MONITOR: (count) => `스크린 월 ${count}개`,
      QUALITY: (tier) => `${tier} 화질`,
    },
    tiers: { STANDARD: '표준', HD: 'HD', ULTRA: '초고화질' },
    term: { MONTH: (count) => `${count}개월`, YEAR: (count) => `${count}년` },
  },
};
