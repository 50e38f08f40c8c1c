import { hash, verify, type Algorithm } from '@node-rs/argon2';

// argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane): about 15 ms per hash on this
// machine's cores, run on libuv's thread pool so the event loop stays free.
// Algorithm is an ambient const enum (not importable as a value here): 2 = Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never logs anyone in
  }
}

let dummy: Promise<string> | undefined;

/** Spends the time of a real verification, so unknown accounts answer as slowly as known ones. */
export async function verifyDummy(password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-1');
  await verifyPassword(await dummy, password);
}
