import type { FilterGroup, RecordAction, RecordItem, SortSpec } from '@canopy/contract';
import type { DefaultEnv } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SchemaContext } from '../schema-context/context.js';
import { requireRight } from './access.js';
import type { RecordLog } from './app-log.js';
import type { RecordBulkLoad } from './bulk-load.js';
import type { CountCache } from './count-cache.js';
import type { RecordHooks } from './hooks.js';
import type { BulkLoadState } from './indexes.js';
import type { RecordQueryService } from './query-service.js';
import type { RecordWriteService } from './write-service.js';

/**
 * The records module as the modules that need reads, writes and bulk loading together see it: the
 * workflow (reads a record, writes it in an action's transaction) and imports (row-by-row creates,
 * bulk loads, their hooks). A facade over RecordQueryService, RecordWriteService, RecordHooks and
 * RecordBulkLoad (module.ts wires them); other callers take the part they use.
 */
export class RecordService {
  constructor(
    private readonly queries: RecordQueryService,
    private readonly writes: RecordWriteService,
    private readonly hooks: RecordHooks,
    private readonly bulk: RecordBulkLoad,
    private readonly counts: CountCache,
  ) {}

  /** The application log of records' writes (app-log.ts); imports silence it and log themselves. */
  get log(): RecordLog {
    return this.writes.log;
  }

  require(ctx: SchemaContext, action: RecordAction): void {
    requireRight(ctx, action);
  }

  // Reads (query-service.ts).

  get(ctx: SchemaContext, id: string): Promise<RecordItem> {
    return this.queries.get(ctx, id);
  }

  /** A record by id with no permission check (callers decide who may see it), or undefined. */
  findItem(ctx: SchemaContext, id: string, trx?: Kysely<Database>): Promise<RecordItem | undefined> {
    return this.queries.findItem(ctx, id, trx);
  }

  /** A record as this member may see it, lookups filled in. */
  answerOne(ctx: SchemaContext, item: RecordItem): Promise<RecordItem> {
    return this.queries.answerOne(ctx, item);
  }

  /** Whether values not stored (a form being filled in) would match a filter (query-service.ts). */
  matchesDraft(...args: Parameters<RecordQueryService['matchesDraft']>): Promise<boolean> {
    return this.queries.matchesDraft(...args);
  }

  /** Whether a record matches a filter, evaluated by the same compiler as lists. */
  matches(ctx: SchemaContext, id: string, filter: FilterGroup, trx?: Kysely<Database>): Promise<boolean> {
    return this.queries.matches(ctx, id, filter, trx);
  }

  /** Records matching a filter, in the caller's transaction (automations' find step). */
  findIn(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    filter: FilterGroup | undefined,
    sorts: SortSpec[],
    limit: number,
  ): Promise<RecordItem[]> {
    return this.queries.findIn(ctx, trx, filter, sorts, limit);
  }

  // Writes in the caller's transaction (write-service.ts).

  createIn(ctx: SchemaContext, trx: Kysely<Database>, data: Record<string, unknown>): Promise<RecordItem> {
    return this.writes.createIn(ctx, trx, data);
  }

  updateIn(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    id: string,
    version: number,
    data: Record<string, unknown>,
    /** fromFlow: the change is a step of the record's own flow (not the plain records API). */
    options: { fromFlow: boolean },
  ): Promise<RecordItem> {
    return this.writes.updateIn(ctx, trx, id, version, data, options);
  }

  /** Deletes a record in the caller's transaction (its hooks told, its flow ended). */
  removeIn(ctx: SchemaContext, trx: Kysely<Database>, id: string, version: number | undefined): Promise<void> {
    return this.writes.removeIn(ctx, trx, id, version);
  }

  /** Whether a table's rows need the database per row on import (write-service.ts). */
  needsRowByRow(ctx: SchemaContext): boolean {
    return this.writes.needsRowByRow(ctx);
  }

  /** A new record's values checked like createIn does, without touching the database. */
  prepare(ctx: SchemaContext, data: Record<string, unknown>, env: DefaultEnv) {
    return this.writes.prepare(ctx, data, env);
  }

  /** Who creates records in this context, and when: what dynamic defaults become. */
  defaultEnv(ctx: SchemaContext): Promise<DefaultEnv> {
    return this.writes.defaultEnv(ctx);
  }

  // Hooks and bulk loads (hooks.ts, bulk-load.ts).

  inBatch<T>(ctx: SchemaContext, trx: Kysely<Database>, work: () => Promise<T>): Promise<T> {
    return this.hooks.inBatch(ctx, trx, work);
  }

  listensToCreates(ctx: SchemaContext, trx: Kysely<Database>): Promise<boolean> {
    return this.hooks.listensToCreates(ctx, trx);
  }

  tellImported(ctx: SchemaContext, trx: Kysely<Database>, ids: string[]): Promise<void> {
    return this.bulk.tellImported(ctx, trx, ids);
  }

  beginBulkLoad(trx: Kysely<Database>, table: string): Promise<BulkLoadState | null> {
    return this.bulk.beginBulkLoad(trx, table);
  }

  endBulkLoad(trx: Kysely<Database>, table: string, state: BulkLoadState | null): Promise<void> {
    return this.bulk.endBulkLoad(trx, table, state);
  }

  /** Drops cached counts after writes made outside the write service's own methods (imports). */
  changed(ctx: SchemaContext): void {
    this.counts.drop(ctx.schema.code);
  }

  /** The same by the table's code (a sync's writes). */
  changedTable(schemaCode: string): void {
    this.counts.drop(schemaCode);
  }
}
