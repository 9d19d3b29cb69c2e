import type { RecordItem } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SchemaContext } from '../schema-context/context.js';

export type WriteEvent = 'record.created' | 'record.updated' | 'record.deleted';
/** Whether a write hook wants a table's events of this kind at all (one cheap query). */
export type WriteListens = (ctx: SchemaContext, trx: Kysely<Database>, event: WriteEvent) => Promise<boolean>;
export type WriteHook = (
  ctx: SchemaContext,
  trx: Kysely<Database>,
  event: WriteEvent,
  items: RecordItem[],
  /** For `record.updated`: the fields each record's write really changed (by record id). */
  changed?: ReadonlyMap<string, string[]>,
) => Promise<void>;
export type RemovalHook = (ctx: SchemaContext, trx: Kysely<Database>, id: string) => Promise<void>;

/**
 * What other modules hang on records' writes (app.ts registers them): webhooks on every write, the
 * workflow on a removal. Told inside the write's transaction.
 */
export class RecordHooks {
  /**
   * Called inside the transaction that deletes a record (after the delete), so other modules can
   * end what hangs on it (the workflow module cancels the record's instance).
   */
  private readonly removalHooks: RemovalHook[] = [];

  /**
   * Called inside the transaction of records created, updated or deleted through the records
   * services — imports' bulk inserts included, a batch at once — so other modules can queue what
   * follows from it (webhooks). After the write; a delete is told before its row goes, so the row can
   * still be read.
   */
  private readonly writeHooks: { hook: WriteHook; listens?: WriteListens }[] = [];

  /** Records created inside `inBatch`, told to the write hooks once at its end. */
  private readonly heldCreates = new WeakMap<SchemaContext, RecordItem[]>();

  onRemove(hook: RemovalHook): void {
    this.removalHooks.push(hook);
  }

  /**
   * `listens` (optional) says whether the hook wants a table's creations at all: a bulk import
   * reads its records back for the hooks only if one does (without it, the hook always does).
   */
  onWrite(hook: WriteHook, listens?: WriteListens): void {
    this.writeHooks.push({ hook, ...(listens ? { listens } : {}) });
  }

  /** Whether any write hook wants this table's creations (an import tells them only then). */
  async listensToCreates(ctx: SchemaContext, trx: Kysely<Database>): Promise<boolean> {
    for (const { listens } of this.writeHooks) if (!listens || (await listens(ctx, trx, 'record.created'))) return true;
    return false;
  }

  /** Tells the write hooks (creations are held while inside `inBatch`). */
  async wrote(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    event: WriteEvent,
    items: RecordItem[],
    changed?: ReadonlyMap<string, string[]>,
  ): Promise<void> {
    if (!items.length) return;
    const held = event === 'record.created' ? this.heldCreates.get(ctx) : undefined;
    if (held) held.push(...items);
    else for (const { hook } of this.writeHooks) await hook(ctx, trx, event, items, changed);
  }

  /** Tells the removal hooks that a record was deleted (after its delete, in its transaction). */
  async removed(ctx: SchemaContext, trx: Kysely<Database>, id: string): Promise<void> {
    for (const hook of this.removalHooks) await hook(ctx, trx, id);
  }

  /**
   * Runs many row-by-row creates of one context in the caller's transaction (an import that checks
   * rows against the database, a batch call) and tells the write hooks of all the records once at
   * the end, still inside the transaction: a fixed number of hook queries, not one per row. Only
   * creates are held (an update or delete is told at once, while its row is as the hook must read it).
   */
  async inBatch<T>(ctx: SchemaContext, trx: Kysely<Database>, work: () => Promise<T>): Promise<T> {
    if (this.heldCreates.has(ctx)) return work();
    const held: RecordItem[] = [];
    this.heldCreates.set(ctx, held);
    let out: T;
    try {
      out = await work();
    } finally {
      this.heldCreates.delete(ctx);
    }
    await this.wrote(ctx, trx, 'record.created', held);
    return out;
  }
}
