import { parseArgs } from 'node:util';
import { ZClientType, type TClientType } from '@llk/contracts';
import { keepLiveSessions, simulateSessions, type SimulatedSession } from './sessions-simulate';

// `npm run devices:simulate -- --account <username> --count 8 [--password …] [--url …] [--deploy-code CODE] [--no-sessions]`
// Registers simulated devices of every client type on an account through the API and keeps
// them heart-beating until stopped (Ctrl-C): about two in three stay online, the others beat
// once and fall silent, so the device list shows both states. Unless --no-sessions, it then
// plays what the apps report about sessions between those devices (sessions-simulate.ts):
// finished ones with files and notes, refused attempts, and live ones the heartbeat keeps until
// an owner disconnects them on the web. The password comes from --password or
// LLK_SIMULATE_PASSWORD; the API from --url (default the local API). With --deploy-code the
// devices register with an organisation's deploy code and are enrolled into it (ADR 0045): each
// one spends a use, and a code that asks for approval leaves them waiting in the console.

type Fetch = typeof fetch;

export interface SimulateOptions {
  baseUrl: string;
  token: string;
  count: number;
  /** prefix of the app device ids, so runs against one account reuse their devices */
  prefix?: string;
  /** an organisation's deploy code: every device is enrolled into its organisation */
  deployCode?: string;
  fetchImpl?: Fetch;
}

export interface SimulatedEnrolment {
  orgId: string;
  groupId: string | null;
  /** PENDING: waits for approval */
  status: 'ACTIVE' | 'PENDING' | 'REJECTED';
}

export interface SimulatedDevice {
  deviceId: string;
  id: string;
  clientType: TClientType;
  /** keeps beating while the simulation runs */
  online: boolean;
  /** with a deploy code: the organisation it joined */
  enrolment?: SimulatedEnrolment;
}

const CLIENT_TYPES = ZClientType.options;
const NAMES: Record<TClientType, string> = {
  WIN: 'Office PC',
  MAC: 'MacBook Pro',
  LINUX: 'Build server',
  ANDROID: 'Android phone',
  ANDROID_PAD: 'Android tablet',
  IOS: 'iPhone',
  IPAD: 'iPad',
  UNKNOWN: 'Unknown device',
};
const CHIPS: Partial<Record<TClientType, string>> = {
  WIN: 'X86',
  LINUX: 'X86',
  MAC: 'APPLE_SILICON',
  ANDROID: 'ARM',
  ANDROID_PAD: 'ARM',
  IOS: 'ARM',
  IPAD: 'ARM',
};

async function post<T>(fetchImpl: Fetch, baseUrl: string, path: string, token: string | null, payload: unknown): Promise<T> {
  const response = await fetchImpl(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(payload),
  });
  const envelope = (await response.json()) as { errcode: number; errmsg: string; data: T };
  if (envelope.errcode !== 0) throw new Error(`${path}: ${envelope.errcode} ${envelope.errmsg}`);
  return envelope.data;
}

/** Logs in with a username (or phone or email) and password; answers the token. */
export async function logIn(baseUrl: string, account: string, password: string, fetchImpl: Fetch = fetch): Promise<string> {
  const data = await post<{ access_token: string }>(fetchImpl, baseUrl, '/h5Login', null, { loginType: 'account', account, password });
  return data.access_token;
}

/** Registers `count` devices, cycling through every client type; every third one goes offline after it. */
export async function registerSimulatedDevices(options: SimulateOptions): Promise<SimulatedDevice[]> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const prefix = options.prefix ?? 'sim';
  const devices: SimulatedDevice[] = [];
  for (let i = 0; i < options.count; i++) {
    const clientType = CLIENT_TYPES[i % CLIENT_TYPES.length] as TClientType;
    const deviceId = `${prefix}-${String(i + 1).padStart(3, '0')}`;
    const chipType = CHIPS[clientType];
    const answer = await post<{ device: { id: string }; enrolment?: SimulatedEnrolment }>(
      fetchImpl,
      options.baseUrl,
      '/device/register',
      options.token,
      {
        deviceId,
        name: `${NAMES[clientType]} ${i + 1}`,
        clientType,
        ...(chipType ? { chipType } : {}),
        osVersion: 'simulated',
        appVersion: '3.5.0',
        ...(options.deployCode ? { deployCode: options.deployCode } : {}),
      },
    );
    devices.push({
      deviceId,
      id: answer.device.id,
      clientType,
      online: i % 3 !== 2,
      ...(answer.enrolment ? { enrolment: answer.enrolment } : {}),
    });
  }
  return devices;
}

/** One heartbeat round: every device that stays online beats once. */
export async function beatOnce(options: SimulateOptions, devices: readonly SimulatedDevice[]): Promise<number> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const online = devices.filter((device) => device.online);
  await Promise.all(
    online.map((device) => post(fetchImpl, options.baseUrl, '/device/heartbeat', options.token, { deviceId: device.deviceId })),
  );
  return online.length;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      account: { type: 'string' },
      password: { type: 'string' },
      count: { type: 'string', default: '8' },
      url: { type: 'string', default: process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? '4000'}` },
      interval: { type: 'string', default: '30' },
      'deploy-code': { type: 'string' },
      // on by default; Node 20's parseArgs has no negated booleans, so --no-sessions is its own flag
      sessions: { type: 'boolean', default: true },
      'no-sessions': { type: 'boolean', default: false },
    },
  });
  const password = values.password ?? process.env.LLK_SIMULATE_PASSWORD;
  const count = Number(values.count);
  if (!values.account || !password || !Number.isInteger(count) || count < 1 || count > 500) {
    console.error(
      'usage: npm run devices:simulate -- --account <username> --count 8 [--password <password> | LLK_SIMULATE_PASSWORD] [--url http://127.0.0.1:4000] [--interval 30] [--deploy-code CODE] [--no-sessions]',
    );
    process.exit(2);
  }
  const baseUrl = values.url.replace(/\/$/, '');
  const token = await logIn(baseUrl, values.account, password);
  const options = { baseUrl, token, count, ...(values['deploy-code'] ? { deployCode: values['deploy-code'] } : {}) };
  const devices = await registerSimulatedDevices(options);
  console.info(
    `registered ${devices.length} devices on ${values.account}: ${devices.filter((d) => d.online).length} stay online (Ctrl-C stops)`,
  );
  const enrolled = devices.filter((d) => d.enrolment);
  if (enrolled.length > 0)
    console.info(
      `enrolled into organisation ${enrolled[0]!.enrolment!.orgId}: ${enrolled.filter((d) => d.enrolment!.status === 'ACTIVE').length} active, ` +
        `${enrolled.filter((d) => d.enrolment!.status === 'PENDING').length} waiting for approval`,
    );
  let live: SimulatedSession[] = [];
  if (values.sessions && !values['no-sessions'] && devices.filter((d) => d.online).length >= 2) {
    const simulated = await simulateSessions({ baseUrl, token, devices });
    live = simulated.live;
    console.info(
      `sessions: ${simulated.finished.length} finished, ${simulated.refused.length} refused (${simulated.refused.map((r) => r.reason).join(', ')}), ${live.length} live (${live.map((s) => s.sessionId).join(', ')})`,
    );
  }
  const round = async () => {
    // the controlling devices beat with their sessions listed; the other online devices beat plainly
    const controlling = new Set(live.map((session) => session.from.id));
    await beatOnce(
      options,
      devices.filter((device) => !controlling.has(device.id)),
    );
    if (live.length > 0) live = (await keepLiveSessions({ baseUrl, token }, live, (line) => console.info(line))).live;
  };
  const timer = setInterval(
    () => {
      round().catch((error: unknown) => console.error(String(error)));
    },
    Number(values.interval) * 1000,
  );
  process.once('SIGINT', () => {
    clearInterval(timer);
    process.exit(0);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // a refused log-in or a device limit is a message for the person running it, not a stack trace
  await main().catch((error: unknown) => {
    console.error(`devices:simulate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
