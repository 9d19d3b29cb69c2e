import type { Kysely } from 'kysely';
import type { Database, DataSourcesTable, SyncLogsTable, SyncTablesTable } from '../../db/schema.js';

export type SyncTableRow = SyncTablesTable & { display_name: string; table_name: string };

/** Data sources, sync tables and their logs; every read names the team. */
export class DataSourceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  sources(engineCode: string, appCode: string): Promise<DataSourcesTable[]> {
    return this.db
      .selectFrom('data_sources')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('app_code', '=', appCode)
      .orderBy('created_at')
      .execute();
  }

  source(engineCode: string, id: string, db: Kysely<Database> = this.db): Promise<DataSourcesTable | undefined> {
    return db
      .selectFrom('data_sources')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** How many live sync tables use each source. */
  async usage(engineCode: string, appCode: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('sync_tables')
      .innerJoin('function_nodes', 'function_nodes.code', 'sync_tables.schema_code')
      .select(['sync_tables.source_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('sync_tables.engine_code', '=', engineCode)
      .where('sync_tables.app_code', '=', appCode)
      .groupBy('sync_tables.source_id')
      .execute();
    return new Map(rows.map((r) => [r.source_id, Number(r.n)]));
  }

  private syncQuery(db: Kysely<Database>) {
    return db
      .selectFrom('sync_tables')
      .innerJoin('function_nodes', 'function_nodes.code', 'sync_tables.schema_code')
      .innerJoin('schemas', 'schemas.code', 'sync_tables.schema_code')
      .selectAll('sync_tables')
      .select(['function_nodes.display_name', 'schemas.table_name'])
      .where('function_nodes.deleted_at', 'is', null);
  }

  syncTables(engineCode: string, appCode: string): Promise<SyncTableRow[]> {
    return this.syncQuery(this.db)
      .where('sync_tables.engine_code', '=', engineCode)
      .where('sync_tables.app_code', '=', appCode)
      .orderBy('sync_tables.created_at')
      .execute();
  }

  syncTable(engineCode: string, schemaCode: string, db: Kysely<Database> = this.db): Promise<SyncTableRow | undefined> {
    return this.syncQuery(db)
      .where('sync_tables.engine_code', '=', engineCode)
      .where('sync_tables.schema_code', '=', schemaCode)
      .executeTakeFirst();
  }

  /** Sync tables whose schedule is due (live tables only). */
  due(now: number, limit: number): Promise<SyncTableRow[]> {
    return this.syncQuery(this.db)
      .where('sync_tables.next_run_at', '<=', now)
      .orderBy('sync_tables.next_run_at')
      .limit(limit)
      .execute();
  }

  /** Moves a due schedule on, only if nobody else did: true when this caller claimed the run. */
  async claim(schemaCode: string, was: number, next: number): Promise<boolean> {
    const r = await this.db
      .updateTable('sync_tables')
      .set({ next_run_at: next })
      .where('schema_code', '=', schemaCode)
      .where('next_run_at', '=', was)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The last log of each table. */
  async lastLogs(schemaCodes: string[]): Promise<Map<string, SyncLogsTable>> {
    if (!schemaCodes.length) return new Map();
    const rows = await this.db
      .selectFrom('sync_logs as l')
      .selectAll('l')
      .where('l.schema_code', 'in', schemaCodes)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sync_logs as m')
              .select('m.id')
              .whereRef('m.schema_code', '=', 'l.schema_code')
              .whereRef('m.started_at', '>', 'l.started_at'),
          ),
        ),
      )
      .execute();
    return new Map(rows.map((r) => [r.schema_code, r]));
  }

  logs(schemaCode: string, limit: number): Promise<SyncLogsTable[]> {
    return this.db
      .selectFrom('sync_logs')
      .selectAll()
      .where('schema_code', '=', schemaCode)
      .orderBy('started_at', 'desc')
      .limit(limit)
      .execute();
  }

  running(schemaCode: string, since: number): Promise<SyncLogsTable | undefined> {
    return this.db
      .selectFrom('sync_logs')
      .selectAll()
      .where('schema_code', '=', schemaCode)
      .where('state', '=', 'running')
      .where('started_at', '>', since)
      .executeTakeFirst();
  }

  async finishLog(
    id: string,
    patch: Partial<
      Pick<
        SyncLogsTable,
        'state' | 'ended_at' | 'rows' | 'inserted' | 'updated' | 'removed' | 'error_code' | 'error_detail'
      >
    >,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    await db.updateTable('sync_logs').set(patch).where('id', '=', id).execute();
  }
}
