import type { Kysely } from 'kysely';
import type { Invalidations } from '../../db/invalidation.js';
import type { Database } from '../../db/schema.js';
import { RecordLog } from './app-log.js';
import { RecordBulkLoad } from './bulk-load.js';
import { CountCache } from './count-cache.js';
import { RecordHooks } from './hooks.js';
import type { RecordIndexes } from './indexes.js';
import type { TargetLoader } from './lookups.js';
import { RecordQueryService } from './query-service.js';
import type { RecordRepository } from './repository.js';
import { RecordRestore } from './restore.js';
import { RecordService } from './service.js';
import { WherePlanner } from './where-planner.js';
import { RecordWriteService } from './write-service.js';

/** The records module's services wired together (app.ts hands each caller the part it uses). */
export interface Records {
  queries: RecordQueryService;
  writes: RecordWriteService;
  hooks: RecordHooks;
  bulk: RecordBulkLoad;
  /** Record counts kept briefly per table; writes drop them (count-cache.ts). */
  counts: CountCache;
  /** Restore from a record's history, as an ordinary update (restore.ts). */
  restore: RecordRestore;
  /** Reads, writes, hooks and bulk loads in one (service.ts): for the workflow and imports. */
  service: RecordService;
}

export function createRecords(
  db: Kysely<Database>,
  repo: RecordRepository,
  loadTarget: TargetLoader,
  options: {
    now?: () => number;
    /** The application log of records' writes (app-log.ts). */
    log?: RecordLog;
    /** The indexes lists ask for and read through (full text on SQLite); none: plain scans. */
    indexes?: RecordIndexes;
  } = {},
): Records {
  const now = options.now ?? Date.now;
  const counts = new CountCache();
  const hooks = new RecordHooks();
  const queries = new RecordQueryService(
    repo,
    loadTarget,
    new WherePlanner(repo, now, options.indexes),
    counts,
    now,
    options.indexes,
  );
  const writes = new RecordWriteService(
    db,
    repo,
    loadTarget,
    queries,
    hooks,
    counts,
    now,
    options.log ?? new RecordLog(),
  );
  const bulk = new RecordBulkLoad(repo, hooks, options.indexes);
  const restore = new RecordRestore(repo, queries, writes);
  return {
    queries,
    writes,
    hooks,
    bulk,
    counts,
    restore,
    service: new RecordService(queries, writes, hooks, bulk, counts),
  };
}

/** Counts dropped here are dropped in the other server processes too, and theirs here (issue 16). */
export function shareCounts(counts: CountCache, bus: Invalidations): void {
  counts.share((table) => bus.publish('counts', table));
  bus.on('counts', (table) => counts.forget(table));
  // Drops missed while the LISTEN connection was away: forget every count.
  bus.onMissed(() => counts.forgetAll());
}
