import { describe, expect, it } from 'vitest';
import { durationParts, toMinutes } from './deadline-duration';

describe('deadline durations', () => {
  it('shows minutes in the largest unit that divides them', () => {
    expect(durationParts(2 * 24 * 60)).toEqual({ amount: 2, unit: 'day' });
    expect(durationParts(90 * 60)).toEqual({ amount: 90, unit: 'hour' });
    expect(durationParts(45)).toEqual({ amount: 45, unit: 'minute' });
  });

  it('stores whole minutes, never less than one', () => {
    expect(toMinutes(3, 'hour')).toBe(180);
    expect(toMinutes(0, 'day')).toBe(24 * 60);
    expect(toMinutes(1.4, 'minute')).toBe(1);
  });
});
