import { localeEntries, type TLocale } from '@llk/contracts';
import { formatFen } from '@llk/contracts/money';
import { type TGatewayMethod } from '../provider';

// The sandbox confirm page: plain HTML, no script, one form. Texts in the seven locales.

interface PageTexts {
  title: string;
  notice: string;
  amount: string;
  item: string;
  method: string;
  paymentNo: string;
  methods: Record<TGatewayMethod, string>;
  confirm: string;
  paid: string;
  alreadyPaid: string;
  expired: string;
  closed: string;
  notFound: string;
  /** {status}: the HTTP status the notify URL answered */
  refused: string;
  deliveryFailed: string;
  back: string;
  /** H5: the link back to the shop (the return address of the charge) */
  returnToShop: string;
  /** the banner of every page when the sandbox runs in production (staging) */
  production: string;
}

export const SANDBOX_TEXTS: Record<TLocale, PageTexts> = {
  'zh-CN': {
    title: '沙箱支付',
    notice: '这是测试用的沙箱支付页面，不会产生真实扣款。',
    amount: '金额',
    item: '商品',
    method: '支付方式',
    paymentNo: '支付单号',
    methods: { ZFB: '支付宝（沙箱）', WX: '微信支付（沙箱）', CARD: '银行卡（沙箱）' },
    confirm: '确认支付',
    paid: '支付成功，请返回订单页面查看。',
    alreadyPaid: '这笔支付已经完成，请返回订单页面查看。',
    expired: '这笔支付已过期，请返回订单页面重新下单。',
    closed: '这笔支付已关闭。',
    notFound: '找不到这笔支付，或链接无效。',
    refused: '已付款，但商户未接受支付通知（HTTP {status}）。订单会在对账后更新。',
    deliveryFailed: '已付款，但支付通知未能送达。订单会在对账后更新。',
    back: '可以关闭此页面，返回订单页面。',
    returnToShop: '返回商户页面',
    production: '这是正式服务器上的支付沙箱：不会收取任何费用，任何拿到此链接的人都能免费完成订单。仅用于上线前测试。',
  },
  'zh-tw': {
    title: '沙盒付款',
    notice: '這是測試用的沙盒付款頁面，不會實際扣款。',
    amount: '金額',
    item: '商品',
    method: '付款方式',
    paymentNo: '付款編號',
    methods: { ZFB: '支付寶（沙盒）', WX: '微信支付（沙盒）', CARD: '信用卡／金融卡（沙盒）' },
    confirm: '確認付款',
    paid: '付款成功，請回到訂單頁面查看。',
    alreadyPaid: '這筆付款已經完成，請回到訂單頁面查看。',
    expired: '這筆付款已逾期，請回到訂單頁面重新下單。',
    closed: '這筆付款已關閉。',
    notFound: '找不到這筆付款，或連結無效。',
    refused: '已付款，但商店未接受付款通知（HTTP {status}）。訂單會在對帳後更新。',
    deliveryFailed: '已付款，但付款通知未能送達。訂單會在對帳後更新。',
    back: '您可以關閉此頁面，回到訂單頁面。',
    returnToShop: '返回商家頁面',
    production: '這是正式伺服器上的付款沙盒：不會收取任何費用，任何取得此連結的人都能免費完成訂單。僅供上線前測試使用。',
  },
  en: {
    title: 'Sandbox payment',
    notice: 'This is a test payment page. No real money is charged.',
    amount: 'Amount',
    item: 'Item',
    method: 'Payment method',
    paymentNo: 'Payment number',
    methods: { ZFB: 'Alipay (sandbox)', WX: 'WeChat Pay (sandbox)', CARD: 'Card (sandbox)' },
    confirm: 'Confirm payment',
    paid: 'Payment confirmed. Go back to the order page to see it.',
    alreadyPaid: 'This payment is already complete. Go back to the order page to see it.',
    expired: 'This payment has expired. Go back to the order page to order again.',
    closed: 'This payment has been closed.',
    notFound: 'Payment not found, or the link is not valid.',
    refused: 'Paid, but the shop did not accept the payment notification (HTTP {status}). The order will be updated by reconciliation.',
    deliveryFailed: 'Paid, but the payment notification could not be delivered. The order will be updated by reconciliation.',
    back: 'You can close this page and return to the order page.',
    returnToShop: 'Back to the shop',
    production:
      'Payment sandbox on a production server: no money is collected, and anyone with this link completes the order for free. For staging tests only.',
  },
  es: {
    title: 'Pago de prueba (sandbox)',
    notice: 'Esta es una página de pago de prueba. No se cobra dinero real.',
    amount: 'Importe',
    item: 'Artículo',
    method: 'Método de pago',
    paymentNo: 'Número de pago',
    methods: { ZFB: 'Alipay (sandbox)', WX: 'WeChat Pay (sandbox)', CARD: 'Tarjeta (sandbox)' },
    confirm: 'Confirmar pago',
    paid: 'Pago confirmado. Vuelve a la página del pedido para verlo.',
    alreadyPaid: 'Este pago ya se ha completado. Vuelve a la página del pedido para verlo.',
    expired: 'Este pago ha caducado. Vuelve a la página del pedido para hacer un nuevo pedido.',
    closed: 'Este pago se ha cerrado.',
    notFound: 'No se ha encontrado el pago o el enlace no es válido.',
    refused: 'Pagado, pero la tienda no aceptó la notificación de pago (HTTP {status}). El pedido se actualizará en la conciliación.',
    deliveryFailed: 'Pagado, pero no se pudo entregar la notificación de pago. El pedido se actualizará en la conciliación.',
    back: 'Puedes cerrar esta página y volver a la página del pedido.',
    returnToShop: 'Volver a la tienda',
    production:
      'Entorno de pruebas de pago en un servidor de producción: no se cobra nada y cualquiera con este enlace completa el pedido gratis. Solo para pruebas de preproducción.',
  },
  fr: {
    title: 'Paiement de test (sandbox)',
    notice: 'Ceci est une page de paiement de test. Aucun montant réel n’est débité.',
    amount: 'Montant',
    item: 'Article',
    method: 'Moyen de paiement',
    paymentNo: 'Numéro de paiement',
    methods: { ZFB: 'Alipay (sandbox)', WX: 'WeChat Pay (sandbox)', CARD: 'Carte bancaire (sandbox)' },
    confirm: 'Confirmer le paiement',
    paid: 'Paiement confirmé. Revenez à la page de la commande pour le voir.',
    alreadyPaid: 'Ce paiement est déjà effectué. Revenez à la page de la commande pour le voir.',
    expired: 'Ce paiement a expiré. Revenez à la page de la commande pour commander à nouveau.',
    closed: 'Ce paiement a été clôturé.',
    notFound: 'Paiement introuvable, ou lien non valide.',
    refused:
      'Payé, mais la boutique n’a pas accepté la notification de paiement (HTTP {status}). La commande sera mise à jour lors du rapprochement.',
    deliveryFailed: 'Payé, mais la notification de paiement n’a pas pu être transmise. La commande sera mise à jour lors du rapprochement.',
    back: 'Vous pouvez fermer cette page et revenir à la page de la commande.',
    returnToShop: 'Retour à la boutique',
    production:
      'Bac à sable de paiement sur un serveur de production : aucun montant n’est encaissé et toute personne disposant de ce lien valide la commande gratuitement. Réservé aux tests de préproduction.',
  },
  ja: {
    title: 'サンドボックス決済',
    notice: 'これはテスト用の決済ページです。実際の請求は発生しません。',
    amount: '金額',
    item: '商品',
    method: '支払い方法',
    paymentNo: '決済番号',
    methods: { ZFB: 'Alipay（サンドボックス）', WX: 'WeChat Pay（サンドボックス）', CARD: 'カード（サンドボックス）' },
    confirm: '支払いを確定する',
    paid: '支払いが完了しました。注文ページに戻ってご確認ください。',
    alreadyPaid: 'この支払いはすでに完了しています。注文ページに戻ってご確認ください。',
    expired: 'この支払いは有効期限が切れています。注文ページに戻って、もう一度ご注文ください。',
    closed: 'この支払いは取り消されています。',
    notFound: '支払いが見つからないか、リンクが無効です。',
    refused: '支払いは完了しましたが、ショップが支払い通知を受け付けませんでした（HTTP {status}）。注文は照合後に更新されます。',
    deliveryFailed: '支払いは完了しましたが、支払い通知を届けられませんでした。注文は照合後に更新されます。',
    back: 'このページを閉じて、注文ページに戻ってください。',
    returnToShop: 'ショップに戻る',
    production:
      '本番サーバー上の決済サンドボックスです。代金は一切受け取られず、このリンクを知っている人は誰でも無料で注文を完了できます。ステージング環境でのテスト専用です。',
  },
  ko: {
    title: '샌드박스 결제',
    notice: '테스트용 결제 페이지입니다. 실제로 결제되지 않습니다.',
    amount: '금액',
    item: '상품',
    method: '결제 수단',
    paymentNo: '결제 번호',
    methods: { ZFB: 'Alipay(샌드박스)', WX: 'WeChat Pay(샌드박스)', CARD: '카드(샌드박스)' },
    confirm: '결제 확인',
    paid: '결제가 완료되었습니다. 주문 페이지로 돌아가 확인해 주세요.',
    alreadyPaid: '이미 완료된 결제입니다. 주문 페이지로 돌아가 확인해 주세요.',
    expired: '결제 기한이 지났습니다. 주문 페이지로 돌아가 다시 주문해 주세요.',
    closed: '종료된 결제입니다.',
    notFound: '결제를 찾을 수 없거나 링크가 올바르지 않습니다.',
    refused: '결제되었지만 상점이 결제 알림을 받지 않았습니다(HTTP {status}). 주문은 대사 후 업데이트됩니다.',
    deliveryFailed: '결제되었지만 결제 알림을 전달하지 못했습니다. 주문은 대사 후 업데이트됩니다.',
    back: '이 페이지를 닫고 주문 페이지로 돌아가세요.',
    returnToShop: '상점으로 돌아가기',
    production:
      '운영 서버의 결제 샌드박스입니다. 대금이 청구되지 않으며 이 링크를 가진 누구나 무료로 주문을 완료할 수 있습니다. 스테이징 테스트 전용입니다.',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export type TPageStatus = 'paid' | 'alreadyPaid' | 'expired' | 'closed' | 'notFound' | 'refused' | 'deliveryFailed';

export interface PageView {
  locale: TLocale;
  method: TGatewayMethod;
  /** null: nothing to show but the status */
  charge: { paymentNo: string; amountFen: number; subject: string } | null;
  /** a form to confirm, or a final status */
  status: TPageStatus | 'confirm';
  httpStatus?: number;
  token?: string;
  /** the sandbox runs in production (PAYMENT_SANDBOX_I_UNDERSTAND): every page says so first */
  production?: boolean;
  /** H5: where the payer goes back to (kept with the charge by our server, never taken from the link) */
  returnUrl?: string | null;
}

export function renderConfirmPage(view: PageView): string {
  const t = SANDBOX_TEXTS[view.locale];
  const details = view.charge
    ? `<dl>
<dt>${escapeHtml(t.amount)}</dt><dd class="amount">${escapeHtml(formatFen(view.charge.amountFen, localeEntries[view.locale].iso))}</dd>
<dt>${escapeHtml(t.item)}</dt><dd>${escapeHtml(view.charge.subject)}</dd>
<dt>${escapeHtml(t.method)}</dt><dd>${escapeHtml(t.methods[view.method])}</dd>
<dt>${escapeHtml(t.paymentNo)}</dt><dd><code>${escapeHtml(view.charge.paymentNo)}</code></dd>
</dl>`
    : '';
  let action: string;
  if (view.status === 'confirm') {
    action = `<form method="post">
<input type="hidden" name="t" value="${escapeHtml(view.token ?? '')}">
<input type="hidden" name="lang" value="${escapeHtml(view.locale)}">
<button type="submit">${escapeHtml(t.confirm)}</button>
</form>`;
  } else {
    const message = t[view.status].replace('{status}', String(view.httpStatus ?? ''));
    const good = view.status === 'paid' || view.status === 'alreadyPaid';
    const back = view.returnUrl
      ? `<p><a class="return" href="${escapeHtml(view.returnUrl)}">${escapeHtml(t.returnToShop)}</a></p>`
      : `<p>${escapeHtml(t.back)}</p>`;
    action = `<p role="status" class="${good ? 'ok' : 'problem'}">${escapeHtml(message)}</p>${good ? back : view.returnUrl ? back : ''}`;
  }
  return `<!doctype html>
<html lang="${localeEntries[view.locale].iso}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title>
<style>
body{font:16px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f5f6f8;color:#1a1d21}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.375rem;margin:0 0 .5rem}
.notice{margin:0 0 1rem;padding:.5rem .75rem;background:#fff4d6;border-radius:8px;color:#5c4300}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.25rem}
dt{color:#555}dd{margin:0;overflow-wrap:anywhere}.amount{font-size:1.25rem;font-weight:600}
button{width:100%;padding:.875rem;font:inherit;font-weight:600;color:#fff;background:#1456f0;border:0;border-radius:8px;cursor:pointer}
button:focus-visible{outline:3px solid #1a1d21;outline-offset:2px}
.ok{color:#0b6b2f;font-weight:600}.problem{color:#a4161a;font-weight:600}
.return{display:block;padding:.875rem;text-align:center;font-weight:600;color:#fff;background:#1456f0;border-radius:8px;text-decoration:none}
.production{margin:0;padding:.75rem 1rem;background:#a4161a;color:#fff;font-weight:600;text-align:center}
</style>
</head>
<body>
${view.production ? `<p class="production" role="alert">${escapeHtml(t.production)}</p>\n` : ''}<main>
<h1>${escapeHtml(t.title)}</h1>
<p class="notice">${escapeHtml(t.notice)}</p>
${details}
${action}
</main>
</body>
</html>
`;
}
