import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatMinute } from './format-minute';

describe('formatMinute', () => {
  it('writes a time as dayjs does with YYYY-MM-DD HH:mm', () => {
    for (const ms of [0, 1_764_201_600_000, Date.UTC(2026, 0, 5, 3, 7), Date.UTC(2026, 11, 31, 23, 59, 59)])
      expect(formatMinute(ms)).toBe(dayjs(ms).format('YYYY-MM-DD HH:mm'));
  });
});
