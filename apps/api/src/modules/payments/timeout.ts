/**
 * Runs `work`, failing with `onTimeout()` once `ms` have passed. The HTTP clients have their
 * own timeouts (the same value); this is the backstop for the whole call, signing included.
 */
export async function withTimeout<T>(ms: number, work: () => Promise<T>, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms + 250);
  });
  try {
    return await Promise.race([work(), expired]);
  } finally {
    clearTimeout(timer);
  }
}
