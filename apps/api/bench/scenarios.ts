import { type App } from '../src/app';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * One thing to measure. `setup` runs once per dialect before the clock starts (create users,
 * log in, …) and returns what `request` needs; `request` builds the i-th request of a client.
 */
export interface Scenario<S = unknown> {
  name: string;
  setup?: (app: App) => Promise<S>;
  request: (state: S, client: number, i: number) => BenchRequest;
  /** Status every answer must have; anything else counts as an error. */
  expectStatus?: number;
}

function scenario<S>(definition: Scenario<S>): Scenario {
  return definition as Scenario;
}

// Later issues append their scenarios (log-in, order creation, …) here.
export const scenarios: Scenario[] = [
  scenario({
    name: 'GET /health',
    request: () => ({ method: 'GET', path: '/health' }),
    expectStatus: 200,
  }),
];
