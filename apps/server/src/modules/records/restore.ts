import { ErrorCode, type RecordItem, type RestoreRecordBody } from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { SchemaContext } from '../schema-context/context.js';
import { reachableRow, recordConflict, requireRight } from './access.js';
import type { RecordQueryService } from './query-service.js';
import { recordItem } from './record-item.js';
import type { RecordRepository } from './repository.js';
import { liveFields } from './validation.js';
import type { RecordWriteService } from './write-service.js';

type Change = { field: string; from: unknown; to: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Restore from a record's history (issue 31). The values to bring back are worked out here; the
 * write itself is an ordinary update (write-service.ts) with the version the member saw: the edit
 * right, the row rule, read-only fields (a field the member may not edit is refused by name), a
 * running flow's rule, the history entry, the log, webhooks and automations all apply as for any
 * edit, and a record changed since answers 409 instead of being overwritten.
 */
export class RecordRestore {
  constructor(
    private readonly repo: RecordRepository,
    private readonly queries: RecordQueryService,
    private readonly writes: RecordWriteService,
  ) {}

  async restore(ctx: SchemaContext, id: string, body: RestoreRecordBody): Promise<RecordItem> {
    requireRight(ctx, 'edit');
    const row = await reachableRow(this.repo, ctx, id, 'view', await this.queries.scope(ctx));
    if (Number(row.version) !== body.version) throw recordConflict();
    const rows = await this.repo.history(ctx.schema.code, ctx.schema.engine_code, id);
    const at = rows.findIndex((r) => String(r.id) === body.historyId);
    const target = rows[at];
    if (!target) throw new AppError(404, ErrorCode.notFound, 'record.historyNotFound');
    if (target.action === 'delete')
      throw new FieldValidationError([{ field: 'historyId', key: 'record.restoreDeleted' }]);
    const changesOf = (r: { changes: string }) => JSON.parse(r.changes) as Change[];
    // Fields a member writes at all (not system, formula or lookup fields) and may see.
    const hidden = ctx.rights.hidden;
    const writable = new Set(
      liveFields(ctx)
        .filter((f) => !fieldType(f.type)?.system && !hidden.has(f.code))
        .map((f) => f.code),
    );
    const current = recordItem(ctx, row).data;
    const data: Record<string, unknown> = {};
    if (body.field !== undefined) {
      const change = changesOf(target).find((c) => c.field === body.field);
      if (!change || !writable.has(body.field))
        throw new FieldValidationError([{ field: 'field', key: 'record.restoreField' }]);
      data[body.field] = change.to ?? null;
    } else {
      // The record right after the entry: today's values with every later change taken back, newest first.
      const then: Record<string, unknown> = { ...current };
      for (let i = rows.length - 1; i > at; i--)
        for (const c of changesOf(rows[i] as { changes: string })) then[c.field] = c.from;
      for (const code of writable)
        if (Object.hasOwn(then, code) && !same(then[code], current[code])) data[code] = then[code] ?? null;
    }
    // Nothing differs: no write (and no history entry saying nothing changed).
    if (!Object.keys(data).some((code) => !same(data[code], current[code]))) return this.queries.get(ctx, id);
    return this.writes.update(ctx, id, body.version, data);
  }
}
