import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, payApi } from './api';
import { hasSessionHint, session } from './session';

// A 401 (status or errcode) anywhere clears the session (profile and
// the hint cookie) and goes to /login in the page's language, with no message; clientType and
// from travel along.

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('401 handling of the browser clients', () => {
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    document.documentElement.lang = 'ja';
    window.history.replaceState(null, '', '/ja/order?clientType=WIN&from=app');
    session.markLoggedIn();
    session.setUser({ id: 1, name: 'alice_01', plan: 'FREE', expiresAt: null, active: false });
    assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/ja/order',
      search: '?clientType=WIN&from=app',
      assign,
    } as Location);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('clears the session and goes to /login on HTTP 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { errcode: 401, errmsg: 'expired', data: null })),
    );
    await expect(api.get('/user/info')).rejects.toBeTruthy();
    expect(session.get().user).toBeNull();
    expect(hasSessionHint()).toBe(false);
    expect(assign).toHaveBeenCalledWith('/ja/login?clientType=WIN&from=app');
  });

  it('does the same for the order and payment client, with the way back to the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { errcode: 401, errmsg: 'expired', data: null })),
    );
    await expect(payApi.post('/order/create', { body: {} })).rejects.toBeTruthy();
    expect(session.get().user).toBeNull();
    expect(assign).toHaveBeenCalledWith('/ja/login?redirectUrl=%2Fja%2Forder%3FclientType%3DWIN%26from%3Dapp');
  });

  it('keeps the session on other errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, { errcode: 40000, errmsg: 'bad', data: null })),
    );
    await expect(api.get('/user/info', { silent: true })).rejects.toBeTruthy();
    expect(session.get().user).not.toBeNull();
    expect(hasSessionHint()).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });
});
