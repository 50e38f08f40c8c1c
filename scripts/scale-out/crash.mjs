// @ts-check
// Crashing an API instance with SIGKILL, the way a machine or the kernel's OOM killer does.
// nginx passes a request whose instance refused the connection on to the next instance, a POST
// too, and a GET also after a reset (deploy/nginx/llk.conf.template, ADR 0026); a write the
// process was working on is not sent again, because it may already have been applied: a journey
// would see a gateway error, depending on the microsecond of the kill. So the journeys' crash
// happens at a moment when the instance holds no request (the payments phase, payments-in-flight.mjs,
// kills one in the middle of its work instead, and checks the money rather than the answers):
// stopped with SIGSTOP, it must have logged no unfinished request and have nothing
// unread on its sockets; otherwise it is resumed and tried again a moment later. Requests that
// reach it while the kernel tears it down are nginx's to save, and the journeys and the access
// log show whether any was lost. What the crash tests is that nothing a finished request left
// behind lived only in that process.
import { readFileSync } from 'node:fs';

/**
 * Requests the API logged as incoming but not completed (pino lines of Fastify's request
 * logging); a request older than 30 s counts as gone (a client that hung up is never completed).
 * @param {import('./processes.mjs').TProcess} proc
 */
export function trackRequests(proc) {
  /** @type {Map<string, number>} */
  const open = new Map();
  const state = { completed: 0 };
  proc.onLine((line) => {
    if (!line.startsWith('{')) return;
    try {
      const entry = /** @type {{ msg?: string, reqId?: string }} */ (JSON.parse(line));
      if (!entry.reqId) return;
      if (entry.msg === 'incoming request') open.set(entry.reqId, Date.now());
      else if (entry.msg === 'request completed') {
        open.delete(entry.reqId);
        state.completed += 1;
      }
    } catch {
      // not a log line
    }
  });
  return {
    get completed() {
      return state.completed;
    },
    inFlight() {
      const cutoff = Date.now() - 30_000;
      return [...open.values()].filter((at) => at > cutoff).length;
    },
  };
}

/** Bytes waiting unread on `port`'s connections and connections waiting to be accepted (/proc/net/tcp*). */
export function unreadOnPort(/** @type {number} */ port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let total = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 5 || !fields[1]?.endsWith(`:${hexPort}`)) continue;
      const [, rx = '0'] = (fields[4] ?? '0:0').split(':');
      // 01 established: unread bytes; 0A listening: connections not yet accepted
      if (fields[3] === '01' || fields[3] === '0A') total += parseInt(rx, 16);
    }
  }
  return total;
}

const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGKILLs `proc` when it holds no request (see above); after `maxTries` busy looks it is killed
 * anyway and the requests it held are reported.
 * @param {import('./processes.mjs').TProcess} proc
 * @param {ReturnType<typeof trackRequests>} requests
 * @param {number} port
 */
export async function crashWhenIdle(proc, requests, port, maxTries = 200) {
  const pid = proc.child.pid;
  if (!pid) throw new Error(`${proc.name} has no pid`);
  for (let tries = 1; ; tries += 1) {
    process.kill(pid, 'SIGSTOP');
    // what it wrote before it stopped reaches our line readers
    await pause(25);
    const held = requests.inFlight() + unreadOnPort(port);
    if (held === 0 || tries >= maxTries) {
      process.kill(pid, 'SIGKILL');
      await proc.exited;
      return { tries, held };
    }
    process.kill(pid, 'SIGCONT');
    await pause(100 + Math.floor(Math.random() * 100));
  }
}
