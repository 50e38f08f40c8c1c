import { type KeyValueStore, type KvSubscription } from './key-value-store';

interface Entry {
  value: string;
  expiresAt: number; // epoch ms, Infinity = never
}

/**
 * Process-local store for the single-instance default. Every operation is synchronous inside
 * one event-loop turn, which is what makes incr and take atomic here. Expired entries are
 * dropped on access and by a periodic sweep so abandoned keys do not accumulate.
 */
export class MemoryKeyValueStore implements KeyValueStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  /** sorted sets apart from the string values: a set of thousands is not re-encoded per call */
  private readonly sorted = new Map<string, { members: Map<string, number>; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    sweepIntervalMs = 60_000,
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepIntervalMs);
    this.sweeper.unref();
  }

  /** never away */
  epoch(): number {
    return 0;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private expiry(ttlMs: number | undefined): number {
    if (ttlMs === undefined) return Infinity;
    if (!(ttlMs > 0)) throw new RangeError('ttlMs must be positive');
    return this.now() + ttlMs;
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    return keys.map((key) => this.live(key)?.value ?? null);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.expiry(ttlMs) });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: this.expiry(ttlMs) });
    return true;
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    const entry = this.live(key);
    const count = (entry ? Number.parseInt(entry.value, 10) || 0 : 0) + 1;
    this.entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? this.expiry(ttlMs) });
    return count;
  }

  async decr(key: string): Promise<number> {
    const entry = this.live(key);
    if (!entry) return 0;
    const count = Math.max(0, (Number.parseInt(entry.value, 10) || 0) - 1);
    entry.value = String(count);
    return count;
  }

  async ttl(key: string): Promise<number | null> {
    const entry = this.live(key);
    if (!entry || entry.expiresAt === Infinity) return null;
    return entry.expiresAt - this.now();
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
    this.sorted.delete(key);
  }

  async take(key: string): Promise<string | null> {
    const entry = this.live(key);
    this.entries.delete(key);
    return entry?.value ?? null;
  }

  /** Leases are stored as JSON { field: [holder, until] }; each call runs in one turn, so it is atomic. */
  private leases(key: string, now: number): Record<string, [string, number]> {
    const entry = this.live(key);
    const all = entry ? (JSON.parse(entry.value) as Record<string, [string, number]>) : {};
    return Object.fromEntries(Object.entries(all).filter(([, [, until]]) => until > now));
  }

  async leaseAcquire(
    key: string,
    lease: { field: string; holder: string; limit: number | null; until: number; now: number; ttlMs: number },
  ): Promise<boolean> {
    const leases = this.leases(key, lease.now);
    const others = Object.keys(leases).filter((field) => field !== lease.field).length;
    if (!(lease.field in leases) && lease.limit !== null && others >= lease.limit) return false;
    leases[lease.field] = [lease.holder, lease.until];
    this.entries.set(key, { value: JSON.stringify(leases), expiresAt: this.expiry(lease.ttlMs) });
    return true;
  }

  async leaseRenew(
    key: string,
    renewal: { holder: string; fields: readonly string[]; until: number; now: number; ttlMs: number; keepOthers?: boolean },
  ): Promise<void> {
    if (!this.live(key)) return;
    const leases = this.leases(key, renewal.now);
    for (const [field, [holder]] of Object.entries(leases)) {
      if (holder !== renewal.holder) continue;
      if (renewal.fields.includes(field)) leases[field] = [holder, renewal.until];
      else if (!renewal.keepOthers) delete leases[field];
    }
    this.entries.set(key, { value: JSON.stringify(leases), expiresAt: this.expiry(renewal.ttlMs) });
  }

  async leaseRelease(key: string, field: string, holder: string): Promise<boolean> {
    const entry = this.live(key);
    if (!entry) return false;
    const leases = JSON.parse(entry.value) as Record<string, [string, number]>;
    if (leases[field]?.[0] !== holder) return false;
    delete leases[field];
    entry.value = JSON.stringify(leases);
    return true;
  }

  async leaseHolder(key: string, field: string, now: number): Promise<string | null> {
    const lease = this.leases(key, now)[field];
    return lease ? lease[0] : null;
  }

  private liveSorted(key: string) {
    const set = this.sorted.get(key);
    if (set && set.expiresAt <= this.now()) {
      this.sorted.delete(key);
      return undefined;
    }
    return set;
  }

  async scoreSet(key: string, member: string, score: number, ttlMs: number): Promise<void> {
    const set = this.liveSorted(key) ?? { members: new Map<string, number>(), expiresAt: 0 };
    set.members.set(member, score);
    set.expiresAt = this.expiry(ttlMs);
    this.sorted.set(key, set);
  }

  async membersAbove(key: string, min: number): Promise<string[]> {
    const set = this.liveSorted(key);
    if (!set) return [];
    const above: string[] = [];
    for (const [member, score] of set.members) {
      if (score > min) above.push(member);
      else set.members.delete(member);
    }
    return above;
  }

  async memberPage(key: string, min: number, offset: number, count: number): Promise<{ total: number; members: string[] }> {
    const above = (await this.membersAbove(key, min)).sort().reverse();
    return { total: above.length, members: above.slice(offset, offset + count) };
  }

  async membersAmong(key: string, min: number, members: readonly string[]): Promise<{ total: number; members: string[] }> {
    const set = this.liveSorted(key);
    if (!set) return { total: 0, members: [] };
    let total = 0;
    for (const score of set.members.values()) if (score > min) total += 1;
    return { total, members: members.filter((member) => (set.members.get(member) ?? -Infinity) > min) };
  }

  async scoreRemove(key: string, members: readonly string[]): Promise<void> {
    const set = this.liveSorted(key);
    for (const member of members) set?.members.delete(member);
  }

  private readonly channels = new Map<string, Set<(message: string | null) => void>>();

  async subscribe(channel: string, handler: (message: string | null) => void): Promise<KvSubscription> {
    const handlers = this.channels.get(channel) ?? new Set();
    this.channels.set(channel, handlers);
    handlers.add(handler);
    return { live: () => true, close: async () => void handlers.delete(handler) };
  }

  async publish(channel: string, message: string): Promise<void> {
    for (const handler of this.channels.get(channel) ?? []) handler(message);
  }

  async close(): Promise<void> {
    this.channels.clear();
    clearInterval(this.sweeper);
    this.entries.clear();
    this.sorted.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    for (const [key, set] of this.sorted) if (set.expiresAt <= now) this.sorted.delete(key);
  }
}
