import { loadOrCreateSandboxKeys } from '../../src/modules/payments/sandbox/keys';

// One of several processes starting together on one sandbox directory (sandbox-keys.test.ts):
// waits for the common start time, loads or creates the keys, prints the app id it got.
const [dir, startAt] = process.argv.slice(2);
while (Date.now() < Number(startAt)) {
  // the processes begin within a millisecond of each other
}
process.stdout.write(loadOrCreateSandboxKeys(dir!).alipay.appId);
