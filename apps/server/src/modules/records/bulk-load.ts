import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SchemaContext } from '../schema-context/context.js';
import type { RecordHooks } from './hooks.js';
import type { BulkLoadState, RecordIndexes } from './indexes.js';
import { recordItem } from './record-item.js';
import type { RecordRepository } from './repository.js';

/**
 * What a bulk import's writer (transfer/bulk-writer.ts, staged-move.ts) needs of the records module
 * around rows it inserts itself: the full-text indexes off and on again, and its records told to the
 * write hooks as any creation.
 */
export class RecordBulkLoad {
  constructor(
    private readonly repo: RecordRepository,
    private readonly hooks: RecordHooks,
    /** The indexes lists read through (full text on SQLite); none: nothing to switch off. */
    private readonly indexes?: RecordIndexes,
  ) {}

  /** A bulk load into a table begins inside `trx`: its full-text triggers come off (indexes.ts beginBulkLoad). */
  beginBulkLoad(trx: Kysely<Database>, table: string): Promise<BulkLoadState | null> {
    return this.indexes ? this.indexes.beginBulkLoad(trx, table) : Promise.resolve(null);
  }

  /** …and ends inside `trx` (its last transaction or its undo's): the indexes catch up (indexes.ts endBulkLoad). */
  endBulkLoad(trx: Kysely<Database>, table: string, state: BulkLoadState | null): Promise<void> {
    return this.indexes ? this.indexes.endBulkLoad(trx, table, state) : Promise.resolve();
  }

  /**
   * Records a bulk import wrote (transfer/bulk-writer.ts), told to the write hooks like any
   * creation, in its transaction, read back 2,000 at a time. Only called when the hooks
   * `listensToCreates`.
   */
  async tellImported(ctx: SchemaContext, trx: Kysely<Database>, ids: string[]): Promise<void> {
    for (let at = 0; at < ids.length; at += 2_000) {
      const rows = await this.repo.findMany(
        ctx.schema.table_name,
        ctx.schema.engine_code,
        ids.slice(at, at + 2_000),
        undefined,
        trx,
      );
      await this.hooks.wrote(
        ctx,
        trx,
        'record.created',
        rows.map((row) => recordItem(ctx, row)),
      );
    }
  }
}
