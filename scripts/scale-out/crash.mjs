// @ts-check
// Crashing an API instance with SIGKILL, the way a machine or the kernel's OOM killer does.
// nginx passes a request whose instance refused the connection on to the next instance, a POST
// too, and a GET also after a reset (deploy/nginx/llk.conf.template, ADR 0026); a write the
// process was working on is not sent again, because it may already have been applied: a journey
// would see a gateway error, depending on the microsecond of the kill. So the journeys' crash
// happens at a moment when the instance holds no request (the payments phase, payments-in-flight.mjs,
// kills one in the middle of its work instead, and checks the money rather than the answers):
// stopped with SIGSTOP, it must have logged no unfinished request, have nothing unread on
// its sockets and no connection that received data in the last moment; otherwise it is resumed and tried again a moment later. Then its
// sockets are destroyed from outside (`ss -K`), the listening one first, and it is killed: a
// connection nginx opens meanwhile is refused and passed on, a POST too, where the kernel's own
// teardown (memory first, sockets last) would have accepted it and then reset it. A request that
// reaches a kept-alive connection between the look and the destroy is lost, and the journeys and
// the access log show it. What the crash tests is that nothing a finished request left
// behind lived only in that process.
import { spawnSync } from 'node:child_process';
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

/**
 * Connections of `port` that received data less than `quietMs` ago (iproute2's `ss`, which
 * reports each socket's last receive). A request the process read from its socket but had not
 * logged yet when it was stopped shows neither as unread bytes nor as a log line; on a busy
 * machine that gap is wide enough to be hit, so a connection that received just before the stop
 * counts as held. 0 when `ss` is not there (the other two looks still apply).
 */
export function receivedRecently(/** @type {number} */ port, /** @type {number} */ quietMs) {
  const run = spawnSync('ss', ['-Htin', 'state', 'established', `( sport = :${port} )`], { encoding: 'utf8' });
  if (run.status !== 0) return 0;
  return [...run.stdout.matchAll(/lastrcv:(\d+)/g)].filter((match) => Number(match[1]) < quietMs).length;
}

/**
 * Destroys every socket of `port`, the listening one first (`ss -K`, SOCK_DESTROY; root and a
 * kernel with INET_DIAG_DESTROY): from then on nginx's new connections are refused and passed on.
 * Answers how many destroyed connections held a request that arrived after the idle look (bytes
 * unread, or received within the look's quiet time): the requests the kill took. 0 when `ss`
 * cannot destroy sockets here (the kernel's teardown then closes them, a little later).
 */
export function abortSockets(/** @type {number} */ port) {
  const run = spawnSync('ss', ['-K', '-Htina', `( sport = :${port} )`], { encoding: 'utf8' });
  if (run.status !== 0) return 0;
  let caught = 0;
  for (const entry of run.stdout.split(/\n(?=\S)/)) {
    const [state = '', recvQ = '0'] = entry.trim().split(/\s+/);
    if (state !== 'ESTAB') continue;
    const lastrcv = /lastrcv:(\d+)/.exec(entry);
    if (Number(recvQ) > 0 || (lastrcv && Number(lastrcv[1]) < QUIET_MS)) caught += 1;
  }
  return caught;
}

/** How long a connection must have been quiet before the kill (see receivedRecently). */
const QUIET_MS = 250;

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
    const held = requests.inFlight() + unreadOnPort(port) + receivedRecently(port, QUIET_MS);
    if (held === 0 || tries >= maxTries) {
      // The sockets go first, at once: a connection nginx opens while the kernel tears the process
      // down is refused (and passed on, a POST too) instead of accepted and then reset.
      const caught = abortSockets(port);
      process.kill(pid, 'SIGKILL');
      await proc.exited;
      return { tries, held: held + caught };
    }
    process.kill(pid, 'SIGCONT');
    await pause(100 + Math.floor(Math.random() * 100));
  }
}
