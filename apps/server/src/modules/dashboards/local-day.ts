import { type RawBuilder, sql } from 'kysely';
import { offsetChanges } from '../records/time-zone.js';

/*
 * A date-time (epoch milliseconds) as the team's local day, in SQL built from literals only: read by
 * the figures (aggregate.ts) and held by the roll-ups' triggers (rollup.ts).
 */

/**
 * The zone's offset (ms) at the instant in `ref`, as SQL: a literal for a zone that never changed its
 * offset since 1970; otherwise the latest offset when `ref` is past the zone's last change (one
 * comparison for most rows) and a balanced tree of comparisons over the earlier changes.
 */
export function offsetSql(ref: RawBuilder<unknown>, zone: string): RawBuilder<unknown> {
  const { changes, offsets } = offsetChanges(zone);
  const ms = (i: number) => sql.lit((offsets[i] ?? 0) * 60_000);
  if (!changes.length) return ms(0);
  // offsets[i] holds from changes[i - 1] (or ever) until changes[i].
  const tree = (lo: number, hi: number): RawBuilder<unknown> => {
    if (lo === hi) return ms(lo);
    const mid = (lo + hi + 1) >> 1;
    return sql`case when ${ref} < ${sql.lit(changes[mid - 1])} then ${tree(lo, mid - 1)} else ${tree(mid, hi)} end`;
  };
  const last = changes.length - 1;
  return sql`case when ${ref} >= ${sql.lit(changes[last])} then ${ms(last + 1)} else ${tree(0, last)} end`;
}

/**
 * The local day (days since 1970) of the epoch milliseconds in `ref`, in `zone`. Integer arithmetic
 * on both databases (PostgreSQL's AT TIME ZONE per row costs several times more), with the zone's
 * offset at each instant from the same offset changes as SQLite's buckets; literals only, so a
 * trigger (rollup.ts) can hold it too.
 */
export function dayNumberSql(ref: RawBuilder<unknown>, zone: string): RawBuilder<unknown> {
  const local = sql`(${ref} + ${offsetSql(ref, zone)})`;
  // Whole days since 1970 (rounded down before 1970 too: integer division truncates).
  return sql`((${local} - case when ${local} < 0 then 86399999 else 0 end) / 86400000)`;
}
