// Cookies that the API and the web both name. The language cookie is in locales.ts.

/** The httpOnly session token, set by the API on log-in and read by the web's proxy and pages. */
export const SESSION_COOKIE = 'llk_session';

/** The back office's staff session (ADR 0019): Path=/admin, HttpOnly, SameSite=Strict. */
export const ADMIN_SESSION_COOKIE = 'llk_admin';
