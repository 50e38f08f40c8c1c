import 'server-only';

/**
 * The official account's app id (WX_APP_ID, the same variable the API reads) for the OAuth
 * redirect of WeChat Pay inside WeChat; null when unset, and the pages then show QR codes only.
 * Read per request by the order and pay pages (both render per request).
 */
export function wechatAppId(): string | null {
  const value = process.env.WX_APP_ID?.trim();
  return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}
