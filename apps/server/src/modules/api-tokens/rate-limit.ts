/**
 * Requests per API token in fixed one-minute windows, counted in this process's memory: the check
 * costs no database round trip. With several server processes each counts its own share.
 */
export class TokenRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one request; answers the seconds to wait when the token is over its limit, else 0. */
  take(tokenId: string, now: number): number {
    let w = this.windows.get(tokenId);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(tokenId, w);
    }
    if (w.count >= this.perMinute) return Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    w.count += 1;
    return 0;
  }

  private sweep(now: number): void {
    for (const [id, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(id);
  }
}
