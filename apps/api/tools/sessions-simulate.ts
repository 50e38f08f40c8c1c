import { createHash } from 'node:crypto';
import {
  type TSessionEndRequest,
  type TConnectCheckResult,
  type TConnectRefusal,
  type TDevicePolicyAnswer,
  type TSessionKind,
} from '@llk/contracts';
import type { SimulatedDevice } from './devices-simulate';

// The sessions half of `npm run devices:simulate`: what the desktop and mobile apps report about
// connections between the simulated devices, through the API the apps use (connectCheck, the
// /session/* reports, the heartbeat's `sessions` and `disconnect`). Each piece is a function that
// takes one explicit step, so the e2e journeys and the tests drive it without timers; only the
// CLI loop in devices-simulate.ts repeats the heartbeat.

type Fetch = typeof fetch;

export interface SessionSimulationOptions {
  baseUrl: string;
  token: string;
  /** the app's language (Accept-Language), which the API's messages are in */
  language?: string;
  fetchImpl?: Fetch;
}

/** The API's envelope, kept whole: the simulated apps react to error codes (CONNECTION_ENDED) as the real ones do. */
export interface Envelope<T> {
  errcode: number;
  errmsg: string;
  data: T;
}

export interface SimulatedSession {
  sessionId: string;
  /** the controlling device */
  from: SimulatedDevice;
  /** the controlled device */
  to: SimulatedDevice;
  kind: TSessionKind;
}

export interface SimulatedRefusal {
  from: SimulatedDevice;
  to: SimulatedDevice;
  reason: TConnectRefusal;
}

export interface SimulatedSessions {
  finished: SimulatedSession[];
  refused: SimulatedRefusal[];
  /** still running: the controlling device's heartbeat keeps them (keepLiveSessions) */
  live: SimulatedSession[];
}

/** A file the simulated apps send or receive during a session. */
export interface SimulatedFile {
  direction: 'SENT' | 'RECEIVED';
  name: string;
  sizeBytes: number;
}

/** What one finished session does between its connect check and its end. */
export interface SessionScript {
  kind: TSessionKind;
  files: readonly SimulatedFile[];
  note?: string;
  reason: TSessionEndRequest['reason'];
  durationSeconds: number;
  bytes: number;
}

/** The finished sessions a simulation leaves in the history, in the order they run (one at a time: the free plan allows one). */
export const FINISHED_SCRIPTS: readonly SessionScript[] = [
  {
    kind: 'CONTROL',
    files: [
      { direction: 'SENT', name: 'report-2026.pdf', sizeBytes: 2_483_112 },
      { direction: 'RECEIVED', name: 'screenshot-error.png', sizeBytes: 318_406 },
    ],
    note: 'Printer driver reinstalled; the test page printed.',
    reason: 'NORMAL',
    durationSeconds: 754,
    bytes: 48_120_332,
  },
  {
    kind: 'FILE_TRANSFER',
    files: [{ direction: 'RECEIVED', name: 'photos-backup.zip', sizeBytes: 734_003_200 }],
    reason: 'NORMAL',
    durationSeconds: 212,
    bytes: 736_120_004,
  },
  { kind: 'VIEW', files: [], note: 'Showed the new dashboard.', reason: 'NORMAL', durationSeconds: 1_830, bytes: 96_402_118 },
];

async function send<T>(options: SessionSimulationOptions, path: string, payload: unknown): Promise<Envelope<T>> {
  const response = await (options.fetchImpl ?? fetch)(`${options.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: options.token,
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    body: JSON.stringify(payload),
  });
  return (await response.json()) as Envelope<T>;
}

async function must<T>(options: SessionSimulationOptions, path: string, payload: unknown): Promise<T> {
  const envelope = await send<T>(options, path, payload);
  if (envelope.errcode !== 0) throw new Error(`${path}: ${envelope.errcode} ${envelope.errmsg}`);
  return envelope.data;
}

/** A stand-in for the file's hash: the simulated files have no content, so their name and size stand for it. */
export const fileHash = (file: SimulatedFile): string => createHash('sha256').update(`${file.name}:${file.sizeBytes}`).digest('hex');

/** The controlling app asks the broker for a session (an allowed answer carries the record's sessionId). */
export function connect(
  options: SessionSimulationOptions,
  from: SimulatedDevice,
  to: SimulatedDevice,
  kind: TSessionKind = 'CONTROL',
): Promise<TConnectCheckResult> {
  return must<TConnectCheckResult>(options, '/device/connectCheck', { fromDeviceId: from.id, toDeviceId: to.id, kind });
}

/** POST /session/update, answered whole: an ended (or disconnected) session answers CONNECTION_ENDED. */
export function updateSession(
  options: SessionSimulationOptions,
  sessionId: string,
  report: { kind?: TSessionKind; durationSeconds?: number; bytes?: number } = {},
): Promise<Envelope<unknown>> {
  return send(options, '/session/update', { sessionId, ...report });
}

/** Runs one session from its connect check to its end as `script` says; null when the broker refuses it. */
export async function runSession(
  options: SessionSimulationOptions,
  from: SimulatedDevice,
  to: SimulatedDevice,
  script: SessionScript,
): Promise<{ session: SimulatedSession } | { refusal: SimulatedRefusal }> {
  const check = await connect(options, from, to, script.kind);
  if (!check.allowed || !check.sessionId) return { refusal: { from, to, reason: check.reason ?? 'POLICY' } };
  const sessionId = check.sessionId;
  const half = Math.floor(script.durationSeconds / 2);
  await must(options, '/session/update', { sessionId, kind: script.kind, durationSeconds: half, bytes: Math.floor(script.bytes / 2) });
  for (const [index, file] of script.files.entries())
    await must(options, '/session/fileTransfer', { sessionId, eventId: `file-${index + 1}`, ...file, sha256: fileHash(file) });
  if (script.note) await must(options, '/session/note', { sessionId, text: script.note });
  await must(options, '/session/end', {
    sessionId,
    reason: script.reason,
    durationSeconds: script.durationSeconds,
    bytes: script.bytes,
  });
  return { session: { sessionId, from, to, kind: script.kind } };
}

/** One heartbeat of `device`, listing the devices it controls now (API ids); answers the heartbeat's answer, `disconnect` included. */
export function beat(
  options: SessionSimulationOptions,
  device: SimulatedDevice,
  controlling?: readonly string[],
): Promise<TDevicePolicyAnswer> {
  return must<TDevicePolicyAnswer>(options, '/device/heartbeat', {
    deviceId: device.deviceId,
    ...(controlling ? { sessions: [...controlling] } : {}),
  });
}

/**
 * One heartbeat round for the live sessions: each controlling device beats once listing the
 * devices it controls. A session the answer names in `disconnect` was ended by an owner on the
 * web: the app closes it (no /session/end: the API ended it already) and stops listing it.
 */
export async function keepLiveSessions(
  options: SessionSimulationOptions,
  live: readonly SimulatedSession[],
  log: (line: string) => void = () => undefined,
): Promise<{ live: SimulatedSession[]; disconnected: SimulatedSession[]; answers: Map<string, TDevicePolicyAnswer> }> {
  const byController = new Map<string, SimulatedSession[]>();
  for (const session of live) byController.set(session.from.id, [...(byController.get(session.from.id) ?? []), session]);
  const answers = new Map<string, TDevicePolicyAnswer>();
  const told = new Set<string>();
  await Promise.all(
    [...byController.values()].map(async (sessions) => {
      const answer = await beat(
        options,
        sessions[0]!.from,
        sessions.map((session) => session.to.id),
      );
      answers.set(sessions[0]!.from.id, answer);
      for (const id of answer.disconnect) told.add(id);
    }),
  );
  const disconnected = live.filter((session) => told.has(session.sessionId));
  for (const session of disconnected) log(`session ${session.sessionId} disconnected by its owner`);
  return { live: live.filter((session) => !told.has(session.sessionId)), disconnected, answers };
}

/**
 * A history to look at, between the account's own simulated devices (at least two; three for the
 * policy refusal): the finished sessions of FINISHED_SCRIPTS in turn, a refused attempt from a
 * device whose policy only lets it be controlled, and `live` sessions left running (on the free
 * plan, one session at a time, the second is refused with SESSION_LIMIT: an attempt too).
 * Devices that control a live session must keep beating (keepLiveSessions) or the API ends
 * their sessions as lost after 90 s.
 */
export async function simulateSessions(
  options: SessionSimulationOptions & { devices: readonly SimulatedDevice[]; live?: number },
): Promise<SimulatedSessions> {
  const devices = options.devices.filter((device) => device.online);
  if (devices.length < 2) throw new Error('sessions need at least two devices that stay online');
  const result: SimulatedSessions = { finished: [], refused: [], live: [] };
  // a controller starts afresh: an empty `sessions` ends whatever an earlier run left it holding
  await Promise.all(devices.map((device) => beat(options, device, [])));
  for (const [index, script] of FINISHED_SCRIPTS.entries()) {
    const from = devices[index % devices.length]!;
    const to = devices[(index + 1) % devices.length]!;
    const outcome = await runSession(options, from, to, script);
    if ('session' in outcome) result.finished.push(outcome.session);
    else result.refused.push(outcome.refusal);
  }
  const quiet = options.devices.find((device) => !device.online);
  if (quiet) {
    // this one may only be controlled: its attempt to control another device is refused (POLICY)
    await must(options, '/device/update', { deviceId: quiet.id, policy: 'ONLY_CONTROLLED' });
    const check = await connect(options, quiet, devices[0]!);
    if (!check.allowed) result.refused.push({ from: quiet, to: devices[0]!, reason: check.reason ?? 'POLICY' });
  }
  for (let index = 0; index < (options.live ?? 2); index++) {
    const from = devices[index % devices.length]!;
    const across = devices[(index + 2) % devices.length]!;
    const to = across === from ? devices[(index + 1) % devices.length]! : across;
    const check = await connect(options, from, to, 'CONTROL');
    if (check.allowed && check.sessionId) {
      await must(options, '/session/update', { sessionId: check.sessionId, kind: 'CONTROL', durationSeconds: 0, bytes: 0 });
      result.live.push({ sessionId: check.sessionId, from, to, kind: 'CONTROL' });
    } else result.refused.push({ from, to, reason: check.reason ?? 'SESSION_LIMIT' });
  }
  return result;
}
