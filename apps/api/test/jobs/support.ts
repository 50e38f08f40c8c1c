import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

/** A logger whose JSON lines land in `lines`. */
export function capturingLogger(lines: Record<string, unknown>[]): Logger {
  return pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
}

/** A promise with its resolve, for jobs that hold until the test lets them go. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
