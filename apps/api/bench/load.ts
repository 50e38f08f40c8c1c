import { Agent, request } from 'node:http';
import { type BenchRequest } from './scenarios';

export interface LoadOptions {
  port: number;
  connections: number;
  durationMs: number;
  maxRequests: number;
  expectStatus?: number;
  next: (client: number, i: number) => BenchRequest;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function send(agent: Agent, port: number, req: BenchRequest): Promise<number> {
  // a string body is sent as it is (with its own content-type header), anything else as JSON
  const payload = req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.path,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...req.headers,
        },
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * `connections` clients, each on its own keep-alive socket, send requests back to back until
 * the duration or the request budget runs out. Loopback only.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies = new Float64Array(options.maxRequests);
  let issued = 0;
  let completed = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  async function client(id: number): Promise<void> {
    for (let i = 0; performance.now() < deadline && issued < options.maxRequests; i++) {
      issued++;
      const t0 = performance.now();
      try {
        const status = await send(agent, options.port, options.next(id, i));
        if (options.expectStatus !== undefined && status !== options.expectStatus) errors++;
      } catch {
        errors++;
      }
      latencies[completed++] = performance.now() - t0;
    }
  }

  await Promise.all(Array.from({ length: options.connections }, (_, id) => client(id)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.subarray(0, completed).sort();
  return {
    requests: completed,
    errors,
    seconds,
    requestsPerSecond: completed / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1] ?? 0,
  };
}
