/**
 * A team's time zone (an IANA name, engines.time_zone): the local day that date filters, relative
 * dates and dashboard date buckets mean. Offsets come from the runtime's time zone data (Intl), so
 * zones with daylight saving time are right on every date, not only today's.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in minutes east (Asia/Shanghai: 480). */
export function offsetAt(zone: string, ms: number): number {
  const parts = formatter(zone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The instant a local calendar day ('YYYY-MM-DD') begins in the zone. */
export function dayStart(zone: string, day: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const guess = midnight - offsetAt(zone, midnight) * 60_000;
  return midnight - offsetAt(zone, guess) * 60_000;
}

/** The local calendar day ('YYYY-MM-DD') of an instant in the zone. */
export function localDayOf(zone: string, ms: number): string {
  return new Date(ms + offsetAt(zone, ms) * 60_000).toISOString().slice(0, 10);
}

const FIRST = Date.UTC(1970, 0, 1);
const LAST = Date.UTC(2100, 0, 1);
const WEEK = 7 * 86_400_000;
const transitionCache = new Map<string, Offsets>();

/** The zone's offsets over 1970–2100: `offsets[0]` before the first change, `offsets[i]` from `changes[i-1]` on. */
export interface Offsets {
  changes: number[];
  offsets: number[];
}

/**
 * Every change of the zone's offset between 1970 and 2100 (found weekly, then to the minute: no two
 * changes are a week apart), cached per zone. A fixed-offset zone has none.
 */
export function offsetChanges(zone: string): Offsets {
  const cached = transitionCache.get(zone);
  if (cached) return cached;
  const changes: number[] = [];
  const offsets = [offsetAt(zone, FIRST)];
  let before = FIRST;
  let current = offsets[0] as number;
  for (let t = FIRST + WEEK; t <= LAST; t += WEEK) {
    const o = offsetAt(zone, t);
    if (o !== current) {
      // The first minute with the new offset, between `before` and `t`.
      let lo = before;
      let hi = t;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (offsetAt(zone, mid) === current) lo = mid;
        else hi = mid;
      }
      changes.push(hi);
      offsets.push(o);
      current = o;
    }
    before = t;
  }
  const result = { changes, offsets };
  transitionCache.set(zone, result);
  return result;
}
