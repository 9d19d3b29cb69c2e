import { describe, expect, it } from 'vitest';
import { nextFires } from './cron-preview';

describe('cron preview', () => {
  it('gives the next times in the team time zone, and null for a bad expression', () => {
    // Friday 2026-11-27 12:00 UTC = 20:00 in Shanghai: the next weekday 9:00 there is Monday.
    const from = new Date(Date.UTC(2026, 10, 27, 12, 0));
    const fires = nextFires('0 9 * * 1-5', 'Asia/Shanghai', 'en', 2, from);
    expect(fires).toHaveLength(2);
    expect(fires?.[0]).toContain('11/30/2026');
    expect(fires?.[0]).toContain('09:00');
    expect(fires?.[0]).toContain('Mon');
    expect(nextFires('not a cron', 'Asia/Shanghai', 'en')).toBeNull();
  });
});
