import { errorInfo, getContractMessages, localeFromAcceptLanguage, type TErrorCodeName } from '@llk/contracts';

// Answers the web gives itself (route handlers that never reach the API) in the API's envelope:
// the contract's code and HTTP status, and the message in the caller's language
// (Accept-Language), as the API would have written it.

function envelope(request: Request, name: TErrorCodeName, data: unknown, headers: Record<string, string>): Response {
  const { code, status, key } = errorInfo(name);
  const errors: Record<string, string> = getContractMessages(localeFromAcceptLanguage(request.headers.get('accept-language'))).errors;
  return Response.json(
    { errcode: code, errmsg: errors[key] ?? key, data },
    { status, headers: { 'cache-control': 'no-store', ...headers } },
  );
}

export function errorResponse(request: Request, name: Exclude<TErrorCodeName, 'OK'>, headers: Record<string, string> = {}): Response {
  return envelope(request, name, null, headers);
}

export function okResponse(request: Request, data: unknown): Response {
  return envelope(request, 'OK', data, {});
}
