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
