// A circuit breaker in front of the shared key-value store (ADR 0025). Without it every command
// of a request waited for the Redis client to give up on a dead server (its offline queue, its
// reconnection attempts, its command timeout): about 3 s a request, on every request. With it
// the first failure that says the store is away (a dropped connection, a refused reconnection,
// a command timeout) opens the breaker, every later call fails at once with
// StoreUnavailableError, and a probe in the background (unref'd timers: it never keeps a process
// alive) closes it again once the store answers, after the recovery step has run (the store
// forgets its read-through entries: a tombstone written while it was away was lost).

/**
 * The store cannot be used now: callers with the truth in the database read it from there,
 * callers that need the store fail closed (the error handler answers 503 with Retry-After).
 * Thrown only while the breaker is open, so a recovery is still to come.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';

  constructor(cause?: unknown) {
    super('the key-value store is unavailable', cause === undefined ? undefined : { cause });
  }
}

export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return error instanceof StoreUnavailableError;
}

export interface CircuitBreakerOptions {
  /** how often an open breaker asks the store whether it is back */
  probeMs: number;
  /** asks the store (PING); resolves once it answered */
  probe(): Promise<unknown>;
  /** runs after a probe was answered, before the breaker closes; a failure keeps it open */
  recover(): Promise<unknown>;
  /** whether a command's failure says the store is away (anything else is the caller's error) */
  isOutage(error: unknown): boolean;
  onOpen?(cause: unknown): void;
  onClose?(): void;
}

export class CircuitBreaker {
  private open = false;
  private cause: unknown;
  /** counts openings: a probe that overlapped a new failure does not close the breaker */
  private trips = 0;
  private probing = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: CircuitBreakerOptions) {}

  isOpen(): boolean {
    return this.open;
  }

  /**
   * Increases each time the breaker opens (and at every outage failure while open), never goes
   * back: a read-through fill read at an earlier epoch may predate a tombstone lost meanwhile.
   */
  epoch(): number {
    return this.trips;
  }

  /** Runs a store command: rejected at once while open; an outage failure opens the breaker. */
  run<T>(command: () => Promise<T>): Promise<T> {
    if (this.open) return Promise.reject(new StoreUnavailableError(this.cause));
    let pending: Promise<T>;
    try {
      pending = command();
    } catch (error) {
      return Promise.reject(this.failure(error));
    }
    return pending.catch((error: unknown) => {
      throw this.failure(error);
    });
  }

  private failure(error: unknown): unknown {
    if (!this.options.isOutage(error)) return error;
    this.trip(error);
    return new StoreUnavailableError(error);
  }

  /** The store is away (a command failed, the connection closed): open, and probe until it is back. */
  trip(cause: unknown): void {
    if (this.stopped) return;
    this.trips += 1;
    if (!this.open) {
      this.open = true;
      this.cause = cause;
      this.options.onOpen?.(cause);
    }
    this.schedule();
  }

  /** The connection says it is back: probe now instead of at the next interval. */
  nudge(): void {
    if (!this.open || this.probing || this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.attempt();
  }

  /** No more probes (the connection has ended for good). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer || this.probing || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.attempt();
    }, this.options.probeMs);
    this.timer.unref();
  }

  private async attempt(): Promise<void> {
    if (!this.open || this.probing || this.stopped) return;
    this.probing = true;
    const trips = this.trips;
    let back = false;
    try {
      await this.options.probe();
      await this.options.recover();
      back = trips === this.trips;
    } catch {
      // still away: the next probe tries again
    } finally {
      this.probing = false;
    }
    if (back && !this.stopped) {
      this.open = false;
      this.cause = undefined;
      this.options.onClose?.();
    } else if (this.open) {
      this.schedule();
    }
  }
}
