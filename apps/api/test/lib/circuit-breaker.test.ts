import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CircuitBreaker, isStoreUnavailable, StoreUnavailableError } from '../../src/infrastructure/kv/circuit-breaker';
import { isOutage } from '../../src/infrastructure/http/error-response';

// The breaker in front of the key-value store (ADR 0025), on a fake clock: the first outage
// failure opens it, calls then fail without reaching the store, a probe every probeMs closes it
// once the store answers and the recovery step has run.

const away = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

function breakerWith(probeMs = 1_000) {
  const store = { up: true, recovered: 0, recoverFails: false };
  const events: string[] = [];
  const breaker = new CircuitBreaker({
    probeMs,
    isOutage,
    probe: () => (store.up ? Promise.resolve('PONG') : Promise.reject(away())),
    recover: async () => {
      if (store.recoverFails) throw away();
      store.recovered += 1;
    },
    onOpen: () => events.push('open'),
    onClose: () => events.push('close'),
  });
  return { breaker, store, events };
}

describe('the store circuit breaker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens on the first outage failure; then calls fail at once without reaching the store', async () => {
    const { breaker, store, events } = breakerWith();
    store.up = false;
    const first = await breaker.run(() => Promise.reject(away())).catch((error: unknown) => error);
    expect(isStoreUnavailable(first)).toBe(true);
    expect((first as StoreUnavailableError).cause).toMatchObject({ code: 'ECONNREFUSED' });
    expect(breaker.isOpen()).toBe(true);
    const command = vi.fn(() => Promise.resolve('never'));
    const answers = await Promise.allSettled(Array.from({ length: 20 }, () => breaker.run(command)));
    expect(command).not.toHaveBeenCalled();
    expect(answers.every((answer) => answer.status === 'rejected' && isStoreUnavailable(answer.reason))).toBe(true);
    expect(events).toEqual(['open']);
    // the error handler's outage test knows it: 503 with Retry-After
    expect(isOutage(new StoreUnavailableError())).toBe(true);
  });

  it('leaves a failure that is not an outage alone (a script error is the caller’s bug)', async () => {
    const { breaker } = breakerWith();
    const wrong = new Error('WRONGTYPE Operation against a key holding the wrong kind of value');
    await expect(breaker.run(() => Promise.reject(wrong))).rejects.toBe(wrong);
    await expect(breaker.run(() => Promise.resolve(7))).resolves.toBe(7);
    expect(breaker.isOpen()).toBe(false);
  });

  it('probes every probeMs while the store is away, and closes after the recovery step once it answers', async () => {
    const { breaker, store, events } = breakerWith(1_000);
    store.up = false;
    breaker.trip(away());
    await vi.advanceTimersByTimeAsync(3_000);
    expect(breaker.isOpen()).toBe(true);
    expect(store.recovered).toBe(0);
    store.up = true;
    await vi.advanceTimersByTimeAsync(999);
    expect(breaker.isOpen()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(breaker.isOpen()).toBe(false);
    expect(store.recovered).toBe(1);
    expect(events).toEqual(['open', 'close']);
    await expect(breaker.run(() => Promise.resolve('OK'))).resolves.toBe('OK');
    // closed: no more probes
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.recovered).toBe(1);
  });

  it('moves its epoch on at every opening and never back, so a read from before an outage is known after it', async () => {
    const { breaker } = breakerWith(1_000);
    const before = breaker.epoch();
    await breaker.run(() => Promise.resolve('OK'));
    expect(breaker.epoch()).toBe(before);
    breaker.trip(away());
    const opened = breaker.epoch();
    expect(opened).toBeGreaterThan(before);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(breaker.isOpen()).toBe(false);
    expect(breaker.epoch()).toBe(opened);
    await breaker.run(() => Promise.reject(away())).catch(() => undefined);
    expect(breaker.epoch()).toBeGreaterThan(opened);
  });

  it('stays open while the recovery step fails, and closes at the first probe where it succeeds', async () => {
    const { breaker, store } = breakerWith(1_000);
    store.recoverFails = true;
    breaker.trip(away());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(breaker.isOpen()).toBe(true);
    store.recoverFails = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(breaker.isOpen()).toBe(false);
    expect(store.recovered).toBe(1);
  });

  it('does not close on a probe that overlapped a new failure', async () => {
    let answer: (value: string) => void = () => undefined;
    const breaker = new CircuitBreaker({
      probeMs: 1_000,
      isOutage,
      probe: () => new Promise<string>((resolve) => (answer = resolve)),
      recover: () => Promise.resolve(),
    });
    breaker.trip(away());
    await vi.advanceTimersByTimeAsync(1_000);
    breaker.trip(away()); // the connection closed again while the probe was out
    answer('PONG');
    await vi.advanceTimersByTimeAsync(0);
    expect(breaker.isOpen()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    answer('PONG');
    await vi.advanceTimersByTimeAsync(0);
    expect(breaker.isOpen()).toBe(false);
  });

  it('probes at once when nudged (the connection is back), and never after stop()', async () => {
    const { breaker, store } = breakerWith(60_000);
    breaker.trip(away());
    breaker.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(breaker.isOpen()).toBe(false);
    expect(store.recovered).toBe(1);

    breaker.trip(away());
    breaker.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    breaker.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(breaker.isOpen()).toBe(true);
    expect(store.recovered).toBe(1);
  });
});
