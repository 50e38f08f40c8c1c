/**
 * Runs `work`, failing with `onTimeout()` once `ms` (plus `graceMs`) have passed. The HTTP clients
 * have their own timeouts (the same value); this is the backstop for the whole call, signing
 * included. Stripe's SDK retries once inside its timeout, so its provider gives a longer grace.
 */
export async function withTimeout<T>(ms: number, work: () => Promise<T>, onTimeout: () => Error, graceMs = 250): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms + graceMs);
  });
  try {
    return await Promise.race([work(), expired]);
  } finally {
    clearTimeout(timer);
  }
}
