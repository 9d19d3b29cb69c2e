import type { RelativeDate } from '@canopy/contract';

const DAY = 86_400_000;

/** [start, end) in epoch ms of a relative period, in the users' time zone (minutes east of UTC). */
export function relativeRange(name: RelativeDate, now: number, offsetMinutes = 480): [number, number] {
  const shift = offsetMinutes * 60_000;
  const local = new Date(now + shift);
  const dayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - shift;
  const weekday = (local.getUTCDay() + 6) % 7; // Monday = 0
  const month = (delta: number) => Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + delta, 1) - shift;
  switch (name) {
    case 'today':
      return [dayStart, dayStart + DAY];
    case 'yesterday':
      return [dayStart - DAY, dayStart];
    case 'tomorrow':
      return [dayStart + DAY, dayStart + 2 * DAY];
    case 'thisWeek':
      return [dayStart - weekday * DAY, dayStart + (7 - weekday) * DAY];
    case 'lastWeek':
      return [dayStart - (weekday + 7) * DAY, dayStart - weekday * DAY];
    case 'thisMonth':
      return [month(0), month(1)];
    case 'lastMonth':
      return [month(-1), month(0)];
    case 'thisYear':
      return [Date.UTC(local.getUTCFullYear(), 0, 1) - shift, Date.UTC(local.getUTCFullYear() + 1, 0, 1) - shift];
  }
}

/** The same period as calendar dates 'YYYY-MM-DD' [first, after-last). */
export function relativeDateRange(name: RelativeDate, now: number, offsetMinutes = 480): [string, string] {
  const shift = offsetMinutes * 60_000;
  const [start, end] = relativeRange(name, now, offsetMinutes);
  const day = (ms: number) => new Date(ms + shift).toISOString().slice(0, 10);
  return [day(start), day(end)];
}
