/** A deadline is stored in minutes and shown in the largest unit that divides it. */
export type DurationUnit = 'minute' | 'hour' | 'day';

const MINUTES: Record<DurationUnit, number> = { minute: 1, hour: 60, day: 24 * 60 };

export function durationParts(minutes: number): { amount: number; unit: DurationUnit } {
  if (minutes % MINUTES.day === 0) return { amount: minutes / MINUTES.day, unit: 'day' };
  if (minutes % MINUTES.hour === 0) return { amount: minutes / MINUTES.hour, unit: 'hour' };
  return { amount: minutes, unit: 'minute' };
}

export function toMinutes(amount: number, unit: DurationUnit): number {
  return Math.max(1, Math.round(amount)) * MINUTES[unit];
}
