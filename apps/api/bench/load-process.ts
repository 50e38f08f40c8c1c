import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type LoadResult, runLoad } from './load';
import { type Scenario } from './scenarios';

// The load generator in a process of its own, so that it does not share the API's event loop
// (in-process clients took about as much CPU as the server they measured). The parent names a
// module and an exported factory of scenarios; the child imports it, builds the scenarios from
// the state the parent passes (a fleet's token, ids: plain JSON) and runs them by name.
//
//   const load = await startLoadProcess({ module: import.meta.url, factory: 'fleetScenarios', state, port });
//   const result = await load.run({ scenario: 'heartbeat', connections: 50, durationMs: 3000, maxRequests: 2e6 });
//   await load.close();

export interface LoadProcessSpec {
  /** file URL of the module that exports the factory */
  module: string;
  /** name of an export `(state) => Scenario[]` */
  factory: string;
  /** plain JSON handed to the factory */
  state: unknown;
  port: number;
}

export interface LoadRun {
  scenario: string;
  connections: number;
  durationMs: number;
  maxRequests: number;
  /** another server than the spec's (run.ts's bare node:http server) */
  port?: number;
}

export interface LoadProcess {
  run(run: LoadRun): Promise<LoadResult>;
  /** CPU time the load process has used so far, in ms (user + system) */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

type ToChild = { type: 'init'; spec: LoadProcessSpec } | { type: 'run'; id: number; run: LoadRun } | { type: 'cpu'; id: number };
type FromChild =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: LoadResult }
  | { type: 'cpu'; id: number; ms: number }
  | { type: 'error'; id?: number; message: string };

export async function startLoadProcess(spec: LoadProcessSpec): Promise<LoadProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--load-child'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (value: FromChild) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let ready: { resolve: () => void; reject: (error: Error) => void } | undefined;
  child.on('message', (raw) => {
    const message = raw as FromChild;
    if (message.type === 'ready') return ready?.resolve();
    if (message.type === 'error' && message.id === undefined) return ready?.reject(new Error(message.message));
    const id = 'id' in message ? message.id : undefined;
    const pending = id === undefined ? undefined : waiting.get(id);
    if (!pending || id === undefined) return;
    waiting.delete(id);
    if (message.type === 'error') pending.reject(new Error(message.message));
    else pending.resolve(message);
  });
  child.on('exit', (code) => {
    const error = new Error(`load process exited (${code})`);
    ready?.reject(error);
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  });
  await new Promise<void>((resolve, reject) => {
    ready = { resolve, reject };
    child.send({ type: 'init', spec } satisfies ToChild);
  });
  const ask = (message: ToChild & { id: number }) =>
    new Promise<FromChild>((resolve, reject) => {
      waiting.set(message.id, { resolve, reject });
      child.send(message);
    });
  return {
    async run(run) {
      const answer = await ask({ type: 'run', id: nextId++, run });
      if (answer.type !== 'result') throw new Error('unexpected answer from the load process');
      return answer.result;
    },
    async cpuMs() {
      const answer = await ask({ type: 'cpu', id: nextId++ });
      if (answer.type !== 'cpu') throw new Error('unexpected answer from the load process');
      return answer.ms;
    },
    async close() {
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      });
    },
  };
}

// ---- The child -------------------------------------------------------------------------------

async function childMain(): Promise<void> {
  let scenarios: Scenario[] = [];
  let port = 0;
  const reply = (message: FromChild) => process.send?.(message);
  process.on('message', (raw) => {
    const message = raw as ToChild;
    void (async () => {
      try {
        if (message.type === 'init') {
          const module = (await import(message.spec.module)) as Record<string, unknown>;
          const factory = module[message.spec.factory];
          if (typeof factory !== 'function') throw new Error(`${message.spec.factory} is not exported by ${message.spec.module}`);
          scenarios = (factory as (state: unknown) => Scenario[])(message.spec.state);
          port = message.spec.port;
          reply({ type: 'ready' });
        } else if (message.type === 'cpu') {
          const used = process.cpuUsage();
          reply({ type: 'cpu', id: message.id, ms: (used.user + used.system) / 1000 });
        } else {
          const scenario = scenarios.find((s) => s.name === message.run.scenario);
          if (!scenario) throw new Error(`no scenario ${message.run.scenario}`);
          const result = await runLoad({
            port: message.run.port ?? port,
            connections: message.run.connections,
            durationMs: message.run.durationMs,
            maxRequests: message.run.maxRequests,
            next: (client, i) => scenario.request(undefined, client, i),
            ...(scenario.expectStatus === undefined ? {} : { expectStatus: scenario.expectStatus }),
          });
          reply({ type: 'result', id: message.id, result });
        }
      } catch (error) {
        reply({
          type: 'error',
          ...(message.type === 'init' ? {} : { id: message.id }),
          message: error instanceof Error ? error.message : String(error),
        });
      }
    })();
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv.includes('--load-child')) await childMain();
