import { AppLogLimits, appLogKindOf } from '@canopy/contract';
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { type AuditRow, insertRows } from './record.js';

/** What a history row carries for the log (`record_history.log`): the record's title, its app, the detail. */
export interface HistoryLogTag {
  t: string;
  a: string;
  d?: Record<string, unknown>;
}

export function historyLogTag(title: string, appCode: string, detail?: Record<string, unknown>): string {
  const tag: HistoryLogTag = { t: title.slice(0, AppLogLimits.titleMax), a: appCode, ...(detail ? { d: detail } : {}) };
  return JSON.stringify(tag);
}

/** History rows turned into entries per transaction. */
const SLICE = 250;

type HistoryRow = {
  id: number;
  schema_code: string;
  record_id: string;
  engine_code: string;
  member_id: string;
  action: string;
  changes: string;
  created_at: number;
  log: string | null;
};

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

const HISTORY_COLUMNS = [
  'id',
  'schema_code',
  'record_id',
  'engine_code',
  'member_id',
  'action',
  'changes',
  'created_at',
  'log',
] as const;

/**
 * Turns the record writes' history rows that carry a log tag into audit_log entries (migration
 * 20261127T0700), a slice per transaction — so an entry is written once, and a write waiting on
 * SQLite's one connection waits for one slice. SQLite: the rows past `applog_state.history_moved_to`,
 * the cursor advanced in the same transaction (its one writer gives ids in commit order).
 * PostgreSQL: the rows still tagged (a partial index holds them), locked — skipped when another
 * mover holds them, waited for with `wait` (a reader that must see every committed write) — and
 * their tags cleared. Changes get their fields' names as the fields are named now (a write and its
 * move are a schedule's round apart at most; a reader moves them first).
 */
export async function moveHistoryEntries(db: Kysely<Database>, options: { wait?: boolean } = {}): Promise<number> {
  const pg = dialectOf(db as unknown as Kysely<unknown>) === 'postgres';
  let moved = 0;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      if (pg) {
        const q = trx
          .selectFrom('record_history')
          .select(HISTORY_COLUMNS)
          .where('log', 'is not', null)
          .orderBy('id')
          .limit(SLICE)
          .forUpdate();
        const rows = (await (options.wait ? q : q.skipLocked()).execute()) as HistoryRow[];
        if (!rows.length) return { scanned: 0, entries: 0 };
        const entries = await entriesOf(trx, rows);
        await insertRows(trx, entries);
        await trx
          .updateTable('record_history')
          .set({ log: null })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
        return { scanned: rows.length, entries: entries.length };
      }
      const from = (
        await sql<{ at: number }>`select history_moved_to as at from applog_state where id = 1`.execute(trx)
      ).rows[0]?.at;
      if (from === undefined) return { scanned: 0, entries: 0 };
      const rows = (await trx
        .selectFrom('record_history')
        .select(HISTORY_COLUMNS)
        .where('id', '>', from)
        .orderBy('id')
        .limit(SLICE)
        .execute()) as HistoryRow[];
      const last = rows.at(-1);
      if (!last) return { scanned: 0, entries: 0 };
      const entries = await entriesOf(trx, rows);
      await insertRows(trx, entries);
      await sql`update applog_state set history_moved_to = ${last.id} where id = 1`.execute(trx);
      return { scanned: rows.length, entries: entries.length };
    });
    moved += step.entries;
    if (step.scanned < SLICE) return moved;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
