// @ts-check
// Child processes of the scale-out step: each in its own process group, its output in a log
// file (and, for the API, parsed line by line), stopped by the step and never by name.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** @typedef {{ name: string, child: import('node:child_process').ChildProcess, log: string, exited: Promise<number | string>, onLine(listener: (line: string) => void): void }} TProcess */

const children = new Set();

/**
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, logDir: string }} options
 * @returns {TProcess}
 */
export function start(name, command, args, options) {
  const log = path.join(options.logDir, `${name}.log`);
  const out = createWriteStream(log, { flags: 'a' });
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child);
  /** @type {((line: string) => void)[]} */
  const listeners = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    stream.pipe(out, { end: false });
    createInterface({ input: stream }).on('line', (line) => {
      for (const listener of listeners) listener(line);
    });
  }
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
    // a command that cannot start (not installed) ends the process handle, not the step
    child.on('error', (error) => {
      children.delete(child);
      out.write(`${name} could not start: ${error.message}\n`);
      resolve(`not started: ${error.message}`);
    });
  });
  return { name, child, log, exited, onLine: (listener) => listeners.push(listener) };
}

export const alive = (/** @type {TProcess} */ proc) => proc.child.exitCode === null && proc.child.signalCode === null;

/** Stops a process group (SIGTERM, then SIGKILL after `graceMs`) and waits for the leader. */
export async function stop(/** @type {TProcess} */ proc, signal = 'SIGTERM', graceMs = 10_000) {
  if (!alive(proc)) return;
  signalGroup(proc, signal);
  const timer = setTimeout(() => signalGroup(proc, 'SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

export function signalGroup(/** @type {TProcess} */ proc, /** @type {NodeJS.Signals} */ signal) {
  try {
    if (proc.child.pid) process.kill(-proc.child.pid, signal);
  } catch {
    // already gone
  }
}

/** Last lines of a process's log, for a failure message. */
export function tail(/** @type {TProcess} */ proc, lines = 30) {
  try {
    return readFileSync(proc.log, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The last error or fatal line a process logged (pino levels 50 and 60), else its last lines. */
export function lastError(/** @type {TProcess} */ proc) {
  const lines = tail(proc, 400).split('\n');
  const error = lines.findLast((line) => /"level":(50|60)/.test(line));
  return (error ?? lines.slice(-5).join('\n')).slice(0, 600);
}

/** On an unexpected exit of the step itself, nothing it started is left running. */
export function killAllOnExit() {
  const killAll = () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  };
  process.on('exit', killAll);
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

/**
 * Waits until `probe` resolves true (polled every 200 ms), failing after `timeoutMs` or when
 * `proc` exits first.
 * @param {string} what
 * @param {() => Promise<boolean>} probe
 * @param {{ timeoutMs?: number, proc?: TProcess }} [options]
 */
export async function waitFor(what, probe, { timeoutMs = 60_000, proc } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc && !alive(proc))
      throw new Error(`${what}: ${proc.name} exited (${proc.child.exitCode ?? proc.child.signalCode})\n${lastError(proc)}`);
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s${proc ? `\n${tail(proc)}` : ''}`);
}

/** True when GET `url` answers with `status` (200 by default). */
export async function answers(/** @type {string} */ url, status = 200) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await response.arrayBuffer();
  return response.status === status;
}
