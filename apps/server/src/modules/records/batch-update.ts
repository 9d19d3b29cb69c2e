import { ErrorCode, flowOwnsRecord, type RecordItem } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { SchemaContext } from '../schema-context/context.js';
import { guardWrite } from './field-guard.js';
import { compileFormulas } from './formulas.js';
import type { RecordRepository, RecordRow } from './repository.js';
import { liveFields, type RecordValidator } from './validation.js';
import type { WritePlan } from './write-plan.js';

export interface UpdateDeps {
  repo: RecordRepository;
  validator: RecordValidator;
  toItem: (ctx: SchemaContext, row: RecordRow) => RecordItem;
  now: () => number;
  /** The application log's tag for a changed record's history row (the entry rides on it), or null. */
  historyTag?: (title: string, batch: number | null) => string | null;
  /** Marks the tagged rows about to be written at once (PostgreSQL), answering the mark. */
  markBatch?: (rows: number) => Promise<number | null>;
}

const deleted = () => new AppError(404, ErrorCode.notFound, 'record.deleted');
const conflict = () => new AppError(409, ErrorCode.conflict, 'record.conflict');

/**
 * Changes many records with a fixed number of statements however many there are: one read of them
 * (within the row rule), one query per kind of check, one UPDATE (each row at its version and within
 * the rule), one read back and one multi-row history insert. Answers like updating them one by one
 * would: the first unreachable record's 403/404, the first invalid item's field errors, 409 for a
 * stale version, and all or nothing (the caller's transaction).
 */
export async function updateRecords(
  deps: UpdateDeps,
  ctx: SchemaContext,
  trx: Kysely<Database>,
  plan: WritePlan,
  items: { id: string; version: number; data: Record<string, unknown> }[],
  options: { fromFlow: boolean },
): Promise<{ updated: RecordItem[]; changed: Map<string, string[]> }> {
  const { repo, validator, toItem } = deps;
  const { table_name: table, engine_code: engine } = ctx.schema;
  const ids = items.map((i) => i.id);
  // The same record twice in one write: the second would hold a version the first just replaced.
  if (new Set(ids).size !== ids.length) throw conflict();
  const found = new Map((await repo.findMany(table, engine, ids, plan.scope, trx)).map((r) => [r.id, r]));
  const missing = ids.find((id) => !found.has(id));
  if (missing) {
    if (plan.scope && (await repo.find(table, engine, missing, trx)))
      throw new AppError(403, ErrorCode.forbidden, 'record.noEdit');
    throw deleted();
  }
  // Through the plain records API a record in a running flow is changed only by those who can design
  // the app; everyone else changes it at their node of the flow (which passes `fromFlow`).
  if (!options.fromFlow && !ctx.access.canEdit) {
    const running = ids.some((id) => flowOwnsRecord(Number(found.get(id)?.wf_state ?? -1)));
    if (running) throw new AppError(409, ErrorCode.conflict, 'record.inFlow');
  }
  const entries = items.map((item) => {
    const before = toItem(ctx, found.get(item.id) as RecordRow);
    const { columns, values } = validator.parse(ctx, item.data, false);
    guardWrite(ctx, Object.keys(item.data), values, before.data);
    return { item, id: item.id, before, columns, values };
  });
  await validator.checkReferences(
    ctx,
    trx,
    plan,
    entries.map((e) => ({ values: e.values, keep: e.before.data })),
  );
  await validator.attachFiles(ctx, trx, entries);
  await validator.checkUnique(ctx, trx, entries);
  if (entries.some((e) => e.before.version !== e.item.version)) throw conflict();

  const now = deps.now();
  const member = ctx.access.tenant.memberId;
  const compute = compileFormulas(liveFields(ctx));
  const rows = entries.map((e) => ({
    id: e.id,
    version: e.item.version,
    set: { ...e.columns, ...compute({ ...e.before.data, ...e.values }, new Date(now)) },
  }));
  const changed = await repo.updateMany(trx, table, engine, rows, {
    common: { modified_by: member, modified_at: now },
    scope: plan.scope,
  });
  if (changed !== rows.length) throw conflict();

  const after = new Map((await repo.findMany(table, engine, ids, undefined, trx)).map((r) => [r.id, r]));
  const history = [];
  // Per history row, the record's title when its change goes into the log.
  const titles: (string | null)[] = [];
  const updated: RecordItem[] = [];
  // Which fields each write really changed (the write hooks' "when any of these fields changes").
  const changedFields = new Map<string, string[]>();
  for (const e of entries) {
    const row = after.get(e.id);
    if (!row) throw deleted();
    const afterItem = toItem(ctx, row);
    const changes = Object.keys(e.item.data)
      .filter((code) => JSON.stringify(e.before.data[code]) !== JSON.stringify(afterItem.data[code]))
      .map((field) => ({ field, from: e.before.data[field] ?? null, to: afterItem.data[field] ?? null }));
    history.push({
      schema_code: ctx.schema.code,
      record_id: e.id,
      engine_code: engine,
      member_id: member,
      action: 'update',
      changes: JSON.stringify(changes),
      created_at: now,
      log: null as string | null,
    });
    titles.push(changes.length ? afterItem.title : null);
    updated.push(afterItem);
    changedFields.set(
      e.id,
      changes.map((c) => c.field),
    );
  }
  const batch = (await deps.markBatch?.(titles.filter((t) => t !== null).length)) ?? null;
  history.forEach((h, i) => {
    const title = titles[i];
    if (title != null) h.log = deps.historyTag?.(title, batch) ?? null;
  });
  await repo.addHistoryMany(trx, history);
  return { updated, changed: changedFields };
}
