import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { joinAmbassador, loadAmbassador } from './referral-api';

const AMBASSADOR_PATH = '/activity/participant/marketingAmbassador';

// The ambassador calls through lib/api.ts over a fake fetch: a dead session is "logged out"
// (no redirect), other failures "failed"; joining posts activityType LZ as a query parameter.

function serve(status: number, body: unknown): Array<[string, string]> {
  const calls: Array<[string, string]> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      calls.push([String(init.method), input]);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  document.documentElement.lang = 'en';
  assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    pathname: '/en/promotionPlan',
    search: '',
    assign,
  } as Location);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('referral-api', () => {
  it('loads the programme page', async () => {
    const calls = serve(200, { errcode: 0, errmsg: 'ok', data: { joined: false } });
    expect(await loadAmbassador()).toEqual({ kind: 'ready', info: { joined: false } });
    expect(calls).toEqual([['GET', `/api${AMBASSADOR_PATH}`]]);
  });

  it('answers loggedOut for a dead session without sending the visitor away, failed otherwise', async () => {
    serve(401, { errcode: 401, errmsg: 'expired', data: null });
    expect(await loadAmbassador()).toEqual({ kind: 'loggedOut' });
    expect(assign).not.toHaveBeenCalled();
    serve(500, { errcode: 50000, errmsg: 'down', data: null });
    expect(await loadAmbassador()).toEqual({ kind: 'failed' });
  });

  it('joins with activityType LZ in the query', async () => {
    const calls = serve(200, { errcode: 0, errmsg: 'ok', data: { joined: true } });
    await joinAmbassador();
    expect(calls).toEqual([['POST', `/api${AMBASSADOR_PATH}?activityType=LZ`]]);
  });
});
