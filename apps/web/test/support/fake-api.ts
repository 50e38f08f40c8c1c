import { vi } from 'vitest';
import { attachSonner } from '@/lib/toast';

// The API at the network edge for client-component tests: `fetch` answers the calls the real
// client (lib/api.ts → @llk/contracts/client) makes to /api, in the API's envelope, and records
// them; toasts are read where sonner would show them. Nothing of our own is mocked.

export interface FakeApiCall {
  method: string;
  path: string;
  /** the query string as sent, without '?' ('' when none) */
  query: string;
  body: unknown;
}

/** The envelope's parts; `status` is the HTTP status (200 unless given). */
type TReply = { data: unknown; errcode?: number; errmsg?: string; status?: number };
type TAnswer = TReply | TReply[] | ((call: FakeApiCall) => TReply);

export interface FakeApi {
  /**
   * Answers `METHOD /path` (without /api) with data in the envelope, or a function of the call;
   * a list is answered one by one, the last one again once it runs out.
   */
  reply(route: string, answer: TAnswer): void;
  readonly calls: FakeApiCall[];
  /** The calls to one route. */
  callsTo(route: string): FakeApiCall[];
  readonly toasts: { success: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn>; info: ReturnType<typeof vi.fn> };
}

/** The toasts shown from now on, as sonner (loaded by <ToastRegion> in the app) would get them. */
export function captureToasts(): FakeApi['toasts'] {
  const toasts = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
  attachSonner({ toast: toasts } as never);
  return toasts;
}

/** Installs the fake for the test that calls it (stubbed globals are undone with vi.unstubAllGlobals). */
export function fakeApi(): FakeApi {
  const answers = new Map<string, TAnswer>();
  const calls: FakeApiCall[] = [];
  const toasts = captureToasts();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://web.test');
      const path = url.pathname.replace(/^\/api/, '');
      const method = (init?.method ?? 'GET').toUpperCase();
      const call: FakeApiCall = {
        method,
        path,
        query: url.search.replace(/^\?/, ''),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const answer = answers.get(`${method} ${path}`);
      if (!answer)
        return new Response(JSON.stringify({ errcode: 404, errmsg: `no fake for ${method} ${path}`, data: null }), { status: 404 });
      const asked = calls.filter((other) => other.method === method && other.path === path).length;
      const reply =
        typeof answer === 'function' ? answer(call) : Array.isArray(answer) ? answer[Math.min(asked, answer.length) - 1]! : answer;
      const { data, errcode = 0, errmsg = '', status = 200 } = reply;
      return new Response(JSON.stringify({ errcode, errmsg, data }), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    reply: (route, answer) => void answers.set(route, answer),
    calls,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
    toasts,
  };
}
