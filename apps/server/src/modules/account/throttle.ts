import { LoginThrottle } from '@canopy/contract';
import type { LoginThrottleTable } from '../../db/schema.js';
import type { AccountRepository } from './repository.js';

export interface ThrottleVerdict {
  /** Refuse outright until this time (epoch ms). */
  lockedUntil: number | null;
  /** Otherwise, hold the answer this long before checking the password. */
  delayMs: number;
}

/**
 * Failed logins are counted per account and per client address inside a window: after a few the
 * answer is slowed, after more the key is locked for a while. State lives in the database so every
 * server process sees the same counts.
 */
export class LoginThrottler {
  constructor(private readonly repo: AccountRepository) {}

  async check(keys: string[], now: number): Promise<ThrottleVerdict> {
    const rows = await this.repo.findThrottle(keys);
    let lockedUntil: number | null = null;
    let failures = 0;
    for (const row of rows) {
      if (row.locked_until && row.locked_until > now) lockedUntil = Math.max(lockedUntil ?? 0, row.locked_until);
      if (now - row.first_failure_at < LoginThrottle.windowMs) failures = Math.max(failures, row.failures);
    }
    const over = failures - LoginThrottle.slowAfter + 1;
    const delayMs = over > 0 ? Math.min(LoginThrottle.slowMaxMs, over * LoginThrottle.slowStepMs) : 0;
    return { lockedUntil, delayMs };
  }

  async recordFailure(keys: { key: string; lockAfter: number }[], now: number): Promise<number | null> {
    const existing = new Map((await this.repo.findThrottle(keys.map((k) => k.key))).map((r) => [r.key, r]));
    let lockedUntil: number | null = null;
    for (const { key, lockAfter } of keys) {
      const prev = existing.get(key);
      const fresh = !prev || now - prev.first_failure_at >= LoginThrottle.windowMs;
      const row: LoginThrottleTable = {
        key,
        failures: fresh ? 1 : prev.failures + 1,
        first_failure_at: fresh ? now : prev.first_failure_at,
        locked_until: null,
      };
      if (row.failures >= lockAfter) {
        row.locked_until = now + LoginThrottle.lockMs;
        // The lock starts a new window, so the count does not stay over the limit forever.
        row.failures = 0;
        row.first_failure_at = now;
        lockedUntil = Math.max(lockedUntil ?? 0, row.locked_until);
      }
      await this.repo.saveThrottle(row);
    }
    return lockedUntil;
  }

  async recordSuccess(accountKey: string): Promise<void> {
    await this.repo.clearThrottle(accountKey);
  }
}
