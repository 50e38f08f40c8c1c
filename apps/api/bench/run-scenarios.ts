import { type Scenario, scenarios } from './scenarios';

// The scenarios of `npm run bench` as the load process (load-process.ts) builds them: each with
// the state its setup made in the API's process (plain JSON), plus the bare node:http server the
// run measures beside the API (every figure is a share of it).

export const BARE = 'bare node:http';

/** What the bare server answers: a fixed envelope, as small as the API's shortest. */
export const BARE_BODY = JSON.stringify({ errcode: 0, errmsg: 'ok', data: { status: 'ok' } });

export function runScenarios(states: Record<string, unknown>): Scenario[] {
  return [
    { name: BARE, request: () => ({ method: 'GET', path: '/' }), expectStatus: 200 },
    ...scenarios.map((scenario) => ({
      ...scenario,
      request: (_state: unknown, client: number, i: number) => scenario.request(states[scenario.name], client, i),
    })),
  ];
}
