import { ErrorCode, type RecordItem } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Letters } from '../notices/letters.js';
import type { RecordService } from '../records/service.js';
import type { SchemaContext } from '../schema-context/context.js';

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * The record effects automations and the approval flows' automatic nodes (workflow/automation.ts)
 * share: one code path each for creating a record, updating one and deleting one — always in the
 * caller's transaction, so an effect commits exactly with what asked for it.
 */
export class RecordEffects {
  constructor(protected readonly records: RecordService) {}

  /** Only the values of live fields of the table (a field deleted since the design is left out). */
  static liveValues(ctx: SchemaContext, data: Record<string, unknown>): Record<string, unknown> {
    const live = new Set(ctx.fields.filter((f) => f.deleted_at === null).map((f) => f.code));
    return Object.fromEntries(Object.entries(data).filter(([code]) => live.has(code)));
  }

  async createRecord(ctx: SchemaContext, trx: Kysely<Database>, data: Record<string, unknown>): Promise<RecordItem> {
    const item = await this.records.createIn(ctx, trx, Effects.liveValues(ctx, data));
    this.records.changed(ctx);
    return item;
  }

  /** Changes a record at its current version; answers it and what changed (null: no such record). */
  async updateRecord(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    id: string,
    data: Record<string, unknown>,
  ): Promise<{ record: RecordItem; changes: FieldChange[] } | null> {
    const values = Effects.liveValues(ctx, data);
    const before = await this.records.findItem(ctx, id, trx);
    if (!before) return null;
    if (!Object.keys(values).length) return { record: before, changes: [] };
    const after = await this.records.updateIn(ctx, trx, id, before.version, values, { fromFlow: true });
    this.records.changed(ctx);
    const changes = Object.keys(values)
      .filter((code) => JSON.stringify(before.data[code] ?? null) !== JSON.stringify(after.data[code] ?? null))
      .map((field) => ({ field, from: before.data[field] ?? null, to: after.data[field] ?? null }));
    return { record: after, changes };
  }

  /** Deletes a record; answers false when there is none. */
  async deleteRecord(ctx: SchemaContext, trx: Kysely<Database>, id: string): Promise<boolean> {
    const found = await this.records.findItem(ctx, id, trx);
    if (!found) return false;
    await this.records.removeIn(ctx, trx, id, found.version);
    this.records.changed(ctx);
    return true;
  }
}

/** The record effects, and letters in the designer's words (automation steps). */
export class Effects extends RecordEffects {
  constructor(
    records: RecordService,
    private readonly letters: Letters,
  ) {
    super(records);
  }

  /** A letter in the designer's words to each member once (the one writer: counts, live signal). */
  async letter(
    trx: Kysely<Database>,
    engineCode: string,
    memberIds: string[],
    letter: { subject: string; content: string },
    now: number,
  ): Promise<string[]> {
    const ids = [...new Set(memberIds)];
    await this.letters.write(
      trx,
      ids.map((memberId) => ({
        engineCode,
        memberId,
        kind: 'flowNotice' as const,
        params: { subject: letter.subject.slice(0, 200), content: letter.content },
      })),
      now,
    );
    return ids;
  }
}

/** A step that names a record which is not there. */
export const recordMissing = (id: string) => new AppError(404, ErrorCode.notFound, 'automation.recordMissing', { id });
