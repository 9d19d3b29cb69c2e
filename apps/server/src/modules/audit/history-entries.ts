import { AppLogLimits, appLogKindOf } from '@canopy/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database, RecordHistoryTable } from '../../db/schema.js';
import { type AuditRow, insertRows } from './record.js';

/** What a history row carries for the log (`record_history.log`): the record's title, its app, the detail. */
export interface HistoryLogTag {
  t: string;
  a: string;
  d?: Record<string, unknown>;
}

/**
 * A history row's tag: `{"t":…}` for a write of its own, `{"b":<mark>,"t":…}` for a row of a marked
 * batch (PostgreSQL: found through its batch's mark, not the partial index of single tags).
 */
export function historyLogTag(
  title: string,
  appCode: string,
  detail?: Record<string, unknown>,
  batch?: number | null,
): string {
  const tag: HistoryLogTag = { t: title.slice(0, AppLogLimits.titleMax), a: appCode, ...(detail ? { d: detail } : {}) };
  return JSON.stringify(batch ? { b: batch, ...tag } : tag);
}

/** The prefix of a write-of-its-own tag: PostgreSQL's partial index holds exactly these rows. */
const SINGLE_TAG = '{"t"%';

/**
 * PostgreSQL: marks a batch of history rows about to be inserted in this transaction (one small
 * row: the transaction's id, a bound under every id the rows will get, their count), so its rows
 * need no entry of their own in the pending index — 1,000 of those cost a batch ~2.5 %. Answers the
 * mark, which the rows' tags carry. SQLite: null (its cursor finds every row).
 */
export async function markHistoryBatch(trx: Kysely<Database>, rows: number): Promise<number | null> {
  if (dialectOf(trx as unknown as Kysely<unknown>) !== 'postgres') return null;
  // Ids come from a sequence: every id this transaction draws next is above the highest one now.
  const mark = await sql<{ id: number }>`insert into applog_batches (xid32, after_id, rows)
    select (pg_current_xact_id()::text::bigint % 4294967296)::text, coalesce(max(id), 0), ${rows}
    from record_history returning id`.execute(trx);
  return Number(mark.rows[0]?.id);
}

/** History rows turned into entries per transaction. */
const SLICE = 250;

type HistoryRow = Selectable<RecordHistoryTable>;

/** Tagged history rows as audit_log rows, changes named after the fields as they are named now. */
async function entriesOf(trx: Kysely<Database>, rows: HistoryRow[]): Promise<AuditRow[]> {
  const tagged = rows.filter((r) => r.log);
  const schemas = [...new Set(tagged.map((r) => r.schema_code))];
  const names = new Map<string, string>();
  if (schemas.length)
    for (const f of await trx
      .selectFrom('fields')
      .select(['schema_code', 'code', 'name'])
      .where('schema_code', 'in', schemas)
      .execute())
      names.set(`${f.schema_code} ${f.code}`, f.name);
  return tagged.map((r): AuditRow => {
    const tag = JSON.parse(r.log as string) as HistoryLogTag;
    const action = `record.${r.action}`;
    const changes = (JSON.parse(r.changes) as { field: string }[]).map((c) => ({
      ...c,
      name: names.get(`${r.schema_code} ${c.field}`) ?? c.field,
    }));
    return {
      engine_code: r.engine_code,
      actor_member_id: r.member_id,
      action,
      target_type: 'record',
      target_id: r.record_id,
      detail: JSON.stringify(tag.d ?? {}),
      created_at: Number(r.created_at),
      app_code: tag.a,
      schema_code: r.schema_code,
      record_id: r.record_id,
      record_title: tag.t,
      kind: appLogKindOf(action),
      changes: JSON.stringify(changes),
    };
  });
}

/** The tagged rows a slice starts from: PostgreSQL's still tagged (locked), SQLite's past its cursor. */
async function pending(trx: Kysely<Database>, pg: boolean, limit: number, wait: boolean) {
  if (pg) {
    const q = trx
      .selectFrom('record_history')
      .selectAll()
      .where('log', 'like', SINGLE_TAG)
      .orderBy('id')
      .limit(limit)
      .forUpdate();
    return await (wait ? q : q.skipLocked()).execute();
  }
  return await trx
    .selectFrom('record_history')
    .selectAll()
    .where('id', '>', sql<number>`(select history_moved_to from applog_state where id = 1)`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks rows as moved: PostgreSQL clears their tags, SQLite advances its cursor past the last. */
async function done(trx: Kysely<Database>, pg: boolean, rows: HistoryRow[]): Promise<void> {
  const last = rows.at(-1);
  if (!last) return;
  if (pg)
    await trx
      .updateTable('record_history')
      .set({ log: null })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  else await sql`update applog_state set history_moved_to = ${last.id} where id = 1`.execute(trx);
}

async function moveSlice(db: Kysely<Database>, pg: boolean, limit: number, wait: boolean) {
  return db.transaction().execute(async (trx) => {
    const rows = await pending(trx, pg, limit, wait);
    if (!rows.length) return { scanned: 0, entries: 0 };
    const entries = await entriesOf(trx, rows);
    await insertRows(trx, entries);
    await done(trx, pg, rows);
    return { scanned: rows.length, entries: entries.length };
  });
}

/**
 * PostgreSQL: moves one marked batch — its rows are the transaction's (xmin) tagged with its mark,
 * above its bound — tags cleared, mark deleted, in one transaction. Answers whether there was one.
 */
async function moveMarkedBatch(db: Kysely<Database>, wait: boolean): Promise<{ found: boolean; entries: number }> {
  return db.transaction().execute(async (trx) => {
    const [mark] = (
      await sql<{ id: number; xid32: string; after_id: number; rows: number }>`
        select id, xid32, after_id, rows from applog_batches order by id limit 1
        for update ${sql.raw(wait ? '' : 'skip locked')}`.execute(trx)
    ).rows;
    if (!mark) return { found: false, entries: 0 };
    const rows = await trx
      .selectFrom('record_history')
      .selectAll()
      .where('id', '>', Number(mark.after_id))
      .where(sql<boolean>`xmin::text = ${mark.xid32}`)
      .where('log', 'like', `{"b":${Number(mark.id)},%`)
      .orderBy('id')
      .limit(Number(mark.rows))
      .execute();
    const entries = await entriesOf(trx, rows);
    await insertRows(trx, entries);
    await done(trx, true, rows);
    await sql`delete from applog_batches where id = ${mark.id}`.execute(trx);
    return { found: true, entries: entries.length };
  });
}

/**
 * Turns the record writes' history rows that carry a log tag into audit_log entries (migration
 * 20261127T0700), a slice per transaction — so an entry is written once, and a write waiting on
 * SQLite's one connection waits for one slice. SQLite: the rows past `applog_state.history_moved_to`,
 * the cursor advanced in the same transaction (its one writer gives ids in commit order).
 * PostgreSQL: marked batches (`markHistoryBatch`) whole, then the single writes' rows still tagged
 * (a partial index holds them), locked — skipped when another
 * mover holds them, waited for with `wait` (a reader that must see every committed write) — and
 * their tags cleared. Changes get their fields' names as the fields are named now (a write and its
 * move are a schedule's round apart at most; a reader moves them first). A slice that fails goes
 * again one row at a time, and a row that fails alone is passed and reported (`onError`): one bad
 * row never holds back the others.
 */
export async function moveHistoryEntries(
  db: Kysely<Database>,
  options: { wait?: boolean; onError?: (error: unknown, historyId: number) => void } = {},
): Promise<number> {
  const pg = dialectOf(db as unknown as Kysely<unknown>) === 'postgres';
  const wait = options.wait ?? false;
  let moved = 0;
  // PostgreSQL: marked batches first, each whole in its transaction.
  for (let batch = pg ? await moveMarkedBatch(db, wait) : null; batch?.found; batch = await moveMarkedBatch(db, wait))
    moved += batch.entries;
  for (;;) {
    let scanned = 0;
    try {
      const step = await moveSlice(db, pg, SLICE, wait);
      scanned = step.scanned;
      moved += step.entries;
    } catch {
      for (; scanned < SLICE; scanned += 1) {
        try {
          const step = await moveSlice(db, pg, 1, wait);
          if (!step.scanned) break;
          moved += step.entries;
        } catch (error) {
          const passed = await db.transaction().execute(async (trx) => {
            const [row] = await pending(trx, pg, 1, wait);
            if (row) await done(trx, pg, [row]);
            return row?.id;
          });
          if (passed === undefined) break;
          options.onError?.(error, passed);
        }
      }
    }
    if (scanned < SLICE) return moved;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
