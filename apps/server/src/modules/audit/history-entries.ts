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

/**
 * SQLite: turns the record writes' history rows past `applog_state.history_moved_to` that carry a
 * log tag into audit_log entries (migration 20261127T0700), a slice per transaction with the cursor
 * advanced in it — so an entry is written once, and a write waiting on the one connection waits for
 * one slice. Changes get their fields' names as the fields are named now (a write and its move are
 * at most a schedule's round apart; a reader moves them first). PostgreSQL: nothing (no tags).
 */
export async function moveHistoryEntries(db: Kysely<Database>): Promise<number> {
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') return 0;
  let moved = 0;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      const from = (
        await sql<{ at: number }>`select history_moved_to as at from applog_state where id = 1`.execute(trx)
      ).rows[0]?.at;
      if (from === undefined) return { scanned: 0, entries: 0 };
      const rows = await trx
        .selectFrom('record_history')
        .select([
          'id',
          'schema_code',
          'record_id',
          'engine_code',
          'member_id',
          'action',
          'changes',
          'created_at',
          'log',
        ])
        .where('id', '>', from)
        .orderBy('id')
        .limit(SLICE)
        .execute();
      const last = rows.at(-1);
      if (!last) return { scanned: 0, entries: 0 };
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
      const entries = tagged.map((r): AuditRow => {
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
      await insertRows(trx, entries);
      await sql`update applog_state set history_moved_to = ${last.id} where id = 1`.execute(trx);
      return { scanned: rows.length, entries: entries.length };
    });
    moved += step.entries;
    if (step.scanned < SLICE) return moved;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
