import { type AppLogChange, AppLogLimits, appLogKindOf } from '@canopy/contract';
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { SchemaContext } from '../schema-context/context.js';

export interface AuditEntry {
  engineCode: string;
  actorMemberId: string;
  action: string;
  targetType: string;
  targetId: string;
  detail?: Record<string, unknown>;
  /** What the application log shows it under (an app's own entries: the app's code). */
  appCode?: string;
  schemaCode?: string;
  recordId?: string;
  recordTitle?: string;
  /** Changed values, old → new (a record's changed fields, a setting's before and after). */
  changes?: AppLogChange[];
}

/** An entry's audit_log row, its JSON columns (detail, changes) still as values. */
function valuesOf(entry: AuditEntry, now: number) {
  return {
    engine_code: entry.engineCode,
    actor_member_id: entry.actorMemberId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    detail: entry.detail ?? {},
    created_at: now,
    app_code: entry.appCode ?? (entry.targetType === 'app' ? entry.targetId : ''),
    schema_code: entry.schemaCode ?? '',
    record_id: entry.recordId ?? '',
    record_title: (entry.recordTitle ?? '').slice(0, AppLogLimits.titleMax),
    kind: appLogKindOf(entry.action),
    changes: entry.changes ?? [],
  };
}

type AuditValues = ReturnType<typeof valuesOf>;

function rowOf(values: AuditValues) {
  return { ...values, detail: JSON.stringify(values.detail), changes: JSON.stringify(values.changes) };
}

export type AuditRow = ReturnType<typeof rowOf>;

/** The columns an entry fills, in the order of PostgreSQL's `unnest` arrays below. */
const AUDIT_COLUMNS = [
  'engine_code',
  'actor_member_id',
  'action',
  'target_type',
  'target_id',
  'detail',
  'created_at',
  'app_code',
  'schema_code',
  'record_id',
  'record_title',
  'kind',
  'changes',
] as const;

/**
 * A staged batch: the values its entries share once, then per entry the columns that differ. A batch
 * of record writes also carries its fields' names once (`names`): its entries' changes are staged as
 * the record history's `{field, from, to}` and get each field's name when moved.
 */
interface StagedBatch {
  shared: Partial<AuditValues>;
  keys: (typeof AUDIT_COLUMNS)[number][];
  rows: unknown[][];
  names?: Record<string, string>;
}

function unstage(text: string): AuditRow[] {
  const batch = JSON.parse(text) as StagedBatch;
  const names = batch.names;
  return batch.rows.map((values) => {
    const entry = { ...batch.shared } as Record<string, unknown>;
    batch.keys.forEach((k, i) => {
      entry[k] = values[i];
    });
    if (names)
      entry.changes = (entry.changes as { field: string }[]).map((c) => ({ ...c, name: names[c.field] ?? c.field }));
    return rowOf(entry as AuditValues);
  });
}

/** One record's write in a staged batch: its changes as the record history serialized them. */
export interface StagedRecordWrite {
  id: string;
  title: string;
  /** JSON of `{field, from, to}[]` — the history row's own text, embedded as it is. */
  changesJson: string;
}

const RECORD_KEYS: StagedBatch['keys'] = ['target_id', 'record_id', 'record_title', 'changes'];

/**
 * A batch of record writes staged as one row of `audit_pending` in the write's transaction (issue
 * 14: the log must not slow the write), whatever their count — the batch commits or rolls back with
 * its log, and the entries' own rows (and their indexes: the title's trigram index — FTS5 on SQLite,
 * GIN on PostgreSQL — the dearest) are written after the commit by `expandPendingAudit`. The batch's
 * history rows already hold each record's changes as JSON, so the staged text is assembled around
 * those strings — nothing is built or serialized per record but its id and title — and the fields'
 * names (which the log shows beside each change) are added when the entries are moved.
 */
export async function stageRecordWrites(
  trx: Kysely<Database>,
  head: Omit<AuditEntry, 'targetType' | 'targetId' | 'recordId' | 'recordTitle' | 'changes'>,
  names: Record<string, string>,
  writes: StagedRecordWrite[],
  now: number,
): Promise<void> {
  if (!writes.length) return;
  const all = valuesOf({ ...head, targetType: 'record', targetId: '' }, now);
  const shared = Object.fromEntries(Object.entries(all).filter(([k]) => !RECORD_KEYS.includes(k as never)));
  const rows = writes.map((w) => {
    const id = JSON.stringify(w.id);
    return `[${id},${id},${JSON.stringify(w.title.slice(0, AppLogLimits.titleMax))},${w.changesJson}]`;
  });
  const entries = `{"shared":${JSON.stringify(shared)},"keys":${JSON.stringify(RECORD_KEYS)},"names":${JSON.stringify(names)},"rows":[${rows.join(',')}]}`;
  await trx
    .insertInto('audit_pending')
    .values({ engine_code: head.engineCode, created_at: now, entries, moved: 0 })
    .execute();
}

/**
 * A write that matters records who did what inside the same transaction as the change, so the
 * application log never misses or invents an entry.
 */
export async function recordAudit(trx: Kysely<Database>, entry: AuditEntry, now: number): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values(rowOf(valuesOf(entry, now)))
    .execute();
}

/** Entries' rows into audit_log at once (PostgreSQL: one statement of arrays). */
export async function insertRows(trx: Kysely<Database>, rows: AuditRow[]): Promise<void> {
  if (!rows.length) return;
  if (dialectOf(trx as unknown as Kysely<unknown>) === 'postgres') {
    // One statement of 13 array parameters, however many rows (a VALUES list would be 13 a row).
    const arrays = AUDIT_COLUMNS.map((c) => {
      const values = rows.map((r) => r[c]);
      return c === 'created_at' ? sql`${values}::bigint[]` : sql`${values}::text[]`;
    });
    await sql`insert into audit_log (${sql.join(AUDIT_COLUMNS.map((c) => sql.ref(c)))})
      select * from unnest(${sql.join(arrays)})`.execute(trx);
    return;
  }
  // 13 values a row; 2,000 rows stay under SQLite's 32,766 bound values per statement.
  for (let i = 0; i < rows.length; i += 2_000)
    await trx
      .insertInto('audit_log')
      .values(rows.slice(i, i + 2_000))
      .execute();
}

/** Entries moved per transaction: a write waiting behind the mover waits for one slice, not a batch. */
const SLICE = 250;

/**
 * Failed moves after which a staged row is set aside: kept (nothing of the log is lost, the reason
 * beside it for an operator) but no longer picked, so one bad row never blocks the rows behind it.
 * A failure counts only when the count itself can be written — a database that is away counts none.
 */
export const AUDIT_MOVE_ATTEMPTS = 3;

/**
 * Moves staged batches into audit_log — all teams' (the job, every 2 s) or one team's (before its
 * log is read, so the page never misses a committed batch). A slice of a staged row's entries is
 * moved per transaction, its `moved` count advanced in the same transaction (a mover that dies
 * leaves the rest, never a duplicate), the row deleted with its last slice; between slices the
 * event loop lets waiting requests in (SQLite's one connection). On PostgreSQL the job skips rows
 * another process is moving, while a reader waits for them. `limit`: entries, roughly. A row whose
 * slice fails is passed over for the rest of the call and its failure counted (`onError` hears it).
 */
export async function expandPendingAudit(
  db: Kysely<Database>,
  options: { engineCode?: string; limit?: number; onError?: (error: unknown, stagedId: number) => void } = {},
): Promise<number> {
  const pg = dialectOf(db as unknown as Kysely<unknown>) === 'postgres';
  const passedOver: number[] = [];
  let moved = 0;
  for (;;) {
    let picked: number | undefined;
    let done: boolean;
    try {
      done = await db.transaction().execute(async (trx) => {
        let q = trx
          .selectFrom('audit_pending')
          .select(['id', 'entries', 'moved'])
          .where('failures', '<', AUDIT_MOVE_ATTEMPTS)
          .orderBy('id')
          .limit(1);
        if (options.engineCode) q = q.where('engine_code', '=', options.engineCode);
        if (passedOver.length) q = q.where('id', 'not in', passedOver);
        if (pg) q = options.engineCode ? q.forUpdate() : q.forUpdate().skipLocked();
        const [staged] = await q.execute();
        if (!staged) return true;
        picked = staged.id;
        const rows = unstage(staged.entries);
        const from = Number(staged.moved);
        const slice = rows.slice(from, from + SLICE);
        await insertRows(trx, slice);
        if (from + slice.length >= rows.length)
          await trx.deleteFrom('audit_pending').where('id', '=', staged.id).execute();
        else
          await trx
            .updateTable('audit_pending')
            .set({ moved: from + slice.length })
            .where('id', '=', staged.id)
            .execute();
        moved += slice.length;
        return false;
      });
    } catch (error) {
      // Not a row's fault (the pick itself failed): the next run tries again.
      if (picked === undefined) throw error;
      await db
        .updateTable('audit_pending')
        .set((eb) => ({
          failures: eb('failures', '+', 1),
          failed_reason: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        }))
        .where('id', '=', picked)
        .execute();
      passedOver.push(picked);
      options.onError?.(error, picked);
      done = false;
    }
    if (done || (options.limit !== undefined && moved >= options.limit)) return moved;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** An outgoing domain event, committed with the change that caused it (transactional outbox). */
export async function emitEvent(
  trx: Kysely<Database>,
  event: { engineCode: string; type: string; payload: Record<string, unknown> },
  now: number,
): Promise<void> {
  await trx
    .insertInto('outbox_events')
    .values({
      engine_code: event.engineCode,
      type: event.type,
      payload: JSON.stringify(event.payload),
      created_at: now,
      processed_at: null,
    })
    .execute();
}

/** An entry about a data table's design (fields, form, views, permissions), made by this context's member. */
export function tableEntry(
  ctx: SchemaContext,
  action: string,
  target: { type: string; id: string },
  more: { changes?: AppLogChange[]; detail?: Record<string, unknown> } = {},
): AuditEntry {
  return {
    engineCode: ctx.schema.engine_code,
    actorMemberId: ctx.access.tenant.memberId,
    action,
    targetType: target.type,
    targetId: target.id,
    appCode: ctx.schema.app_code,
    schemaCode: ctx.schema.code,
    ...more,
  };
}

/** The settings that differ between two versions of something, old → new (names: the keys). */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): AppLogChange[] {
  return Object.keys(after)
    .filter((k) => after[k] !== undefined && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({ field: k, name: k, from: before[k] ?? null, to: after[k] }));
}

/** An entry about the team itself (members, departments, features), made by the tenant's member. */
export function teamEntry(
  tenant: { engineCode: string; memberId: string },
  action: string,
  target: { type: string; id: string },
  more: { changes?: AppLogChange[]; detail?: Record<string, unknown> } = {},
): AuditEntry {
  return {
    engineCode: tenant.engineCode,
    actorMemberId: tenant.memberId,
    action,
    targetType: target.type,
    targetId: target.id,
    ...more,
  };
}
