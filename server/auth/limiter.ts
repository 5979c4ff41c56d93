/**
 * Counts failed attempts per key in a sliding window kept in memory. Once a key reaches `max`
 * failures it is blocked, whatever it sends, until its oldest failure leaves the window.
 */
export class FailureLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfter(key: string): number {
    const list = this.recent(key);
    if (list.length < this.max) return 0;
    return Math.max(1, Math.ceil((list[list.length - this.max]! + this.windowMs - this.now()) / 1000));
  }

  fail(key: string) {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    if (this.failures.size > 50_000) this.sweep();
  }

  clear(key: string) {
    this.failures.delete(key);
  }

  private sweep() {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
