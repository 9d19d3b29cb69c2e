import { randomUUID } from 'node:crypto';
import { DataSourceLimits, type SyncFieldType, type SyncSource } from '@canopy/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, DataSourcesTable } from '../../db/schema.js';
import { type JobRun, LeaseLost } from '../../jobs/queue.js';
import type { FormulaJobs } from '../records/formula-jobs.js';
import { toStored } from './columns.js';
import { type ConnectorOptions, connectorFor, SourceFailure, type SourceSettings } from './connectors.js';
import type { DataSourceRepository, SyncTableRow } from './repository.js';
import type { SecretBox } from './secrets.js';

export const SYNC_JOB = 'datasource.sync';
export interface SyncJob {
  engineCode: string;
  schemaCode: string;
  logId: string;
}

/** A copied column: the source column, the field it fills and that field's type. */
export interface SyncedColumn {
  name: string;
  fieldCode: string;
  fieldType: SyncFieldType;
}

// biome-ignore lint/suspicious/noExplicitAny: a data table's physical table is defined at run time
type DynamicDb = Kysely<any>;
type Stored = string | number | null;

export function settingsOf(row: DataSourcesTable, secrets: SecretBox): SourceSettings {
  return {
    kind: row.kind,
    host: row.host,
    port: row.port,
    database: row.database_name,
    user: row.user_name,
    password: secrets.open(row.secret),
    url: row.url,
  };
}

/**
 * One sync of a sync table (a job of the queue): the source is read in chunks in a read-only
 * transaction, every value mapped to its field's stored form, then the table is brought to match in
 * one transaction of multi-row statements — upserted by the key column (a row keeps its record id,
 * so relations to it hold) and rows gone from the source removed, or all rows replaced when there
 * is no key. Any failure before the commit leaves the previous rows as they were; the log says why.
 */
export class SyncRunner {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: DataSourceRepository,
    private readonly secrets: SecretBox,
    /** Where sources may connect: DATASOURCE_ALLOW_PRIVATE and the instance's own database. */
    private readonly reach: ConnectorOptions,
    private readonly formulas: FormulaJobs,
    /** Cached record counts of the table are dropped in every process. */
    private readonly changed: (schemaCode: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  async run(p: SyncJob, job: JobRun): Promise<void> {
    try {
      const sync = await this.repo.syncTable(p.engineCode, p.schemaCode);
      const source = sync ? await this.repo.source(p.engineCode, sync.source_id) : undefined;
      if (!sync || !source) throw new SourceFailure('tableMissing', p.schemaCode);
      const columns = await this.liveColumns(sync);
      const key = sync.key_column ? columns.find((c) => c.name === sync.key_column) : undefined;
      if (sync.key_column && !key) throw new SourceFailure('keyMissing', sync.key_column);
      const rows = await this.readAll(sync, source, columns, key);
      const formulaJob = await this.db.transaction().execute(async (trx) => {
        await job.hold(trx);
        const counts = await this.write(trx, sync, columns, key, rows);
        await this.repo.finishLog(p.logId, { state: 'succeeded', ended_at: this.now(), ...counts }, trx);
        const formula = await trx
          .selectFrom('fields')
          .select('code')
          .where('schema_code', '=', sync.schema_code)
          .where('type', '=', 'formula')
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        return formula
          ? this.formulas.enqueue(
              trx,
              { code: sync.schema_code, engine_code: sync.engine_code, table_name: sync.table_name },
              formula.code,
            )
          : null;
      });
      this.changed(sync.schema_code);
      if (formulaJob) await this.formulas.launch(formulaJob);
    } catch (e) {
      if (e instanceof LeaseLost) throw e;
      const failure =
        e instanceof SourceFailure ? e : new SourceFailure('other', e instanceof Error ? e.message : String(e));
      await this.repo.finishLog(p.logId, {
        state: 'failed',
        ended_at: this.now(),
        error_code: failure.code,
        error_detail: failure.detail.slice(0, 1000),
      });
    }
  }

  /** The process died while syncing: the log says the sync did not finish. */
  async gaveUp(p: SyncJob, error: string): Promise<void> {
    await this.repo.finishLog(p.logId, {
      state: 'failed',
      ended_at: this.now(),
      error_code: 'other',
      error_detail: error.slice(0, 1000),
    });
  }

  /** The copied columns whose fields still exist, with their physical columns. */
  private async liveColumns(sync: SyncTableRow): Promise<(SyncedColumn & { column: string })[]> {
    const fields = await this.db
      .selectFrom('fields')
      .select(['code', 'column_name'])
      .where('schema_code', '=', sync.schema_code)
      .where('deleted_at', 'is', null)
      .execute();
    const byCode = new Map(fields.map((f) => [f.code, f.column_name]));
    return (JSON.parse(sync.columns) as SyncedColumn[]).flatMap((c) => {
      const column = byCode.get(c.fieldCode);
      return column ? [{ ...c, column }] : [];
    });
  }

  private async readAll(
    sync: SyncTableRow,
    source: DataSourcesTable,
    columns: SyncedColumn[],
    key: SyncedColumn | undefined,
  ): Promise<{ key: string; values: Stored[] }[]> {
    const connector = connectorFor(settingsOf(source, this.secrets), this.reach);
    const out: { key: string; values: Stored[] }[] = [];
    const keys = new Set<string>();
    await connector.read(JSON.parse(sync.source) as SyncSource, DataSourceLimits.rows, async (chunk) => {
      for (const row of chunk) {
        const values = columns.map((c) => toStored(c.fieldType, row[c.name]));
        let k = '';
        if (key) {
          const stored = toStored(key.fieldType, row[key.name]);
          if (stored === null || stored === '') throw new SourceFailure('keyMissing', key.name);
          k = String(stored);
          if (keys.has(k)) throw new SourceFailure('keyDuplicate', `${key.name} = ${k}`);
          keys.add(k);
        }
        out.push({ key: k, values });
      }
    });
    return out;
  }

  private async write(
    trx: Kysely<Database>,
    sync: SyncTableRow,
    columns: (SyncedColumn & { column: string })[],
    key: (SyncedColumn & { column: string }) | undefined,
    rows: { key: string; values: Stored[] }[],
  ): Promise<{ rows: number; inserted: number; updated: number; removed: number }> {
    const db = trx as DynamicDb;
    const table = sync.table_name;
    const now = this.now();
    const existing = new Map<string, string>();
    let removed = 0;
    if (key) {
      const current = await db
        .selectFrom(table)
        .select(['id', key.column])
        .where('engine_code', '=', sync.engine_code)
        .execute();
      for (const r of current as Record<string, unknown>[]) existing.set(String(r[key.column]), String(r.id));
    } else {
      const r = await db.deleteFrom(table).where('engine_code', '=', sync.engine_code).executeTakeFirst();
      removed = Number(r.numDeletedRows);
    }
    let updated = 0;
    const seen = new Set<string>();
    const records = rows.map((row) => {
      const id = key ? existing.get(row.key) : undefined;
      if (id) {
        updated += 1;
        seen.add(id);
      }
      const record: Record<string, unknown> = {
        id: id ?? randomUUID(),
        engine_code: sync.engine_code,
        version: 1,
        created_by: sync.created_by,
        created_at: now,
        modified_by: sync.created_by,
        modified_at: now,
      };
      columns.forEach((c, i) => {
        record[c.column] = row.values[i] ?? null;
      });
      return record;
    });
    // Under SQLite's 32,766 bound values per statement (PostgreSQL allows 65,535).
    const per = Math.max(1, Math.min(DataSourceLimits.chunk, Math.floor(30_000 / (columns.length + 7))));
    for (let i = 0; i < records.length; i += per) {
      await db
        .insertInto(table)
        .values(records.slice(i, i + per))
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            ...Object.fromEntries(columns.map((c) => [c.column, eb.ref(`excluded.${c.column}`)])),
            modified_at: eb.ref('excluded.modified_at'),
            version: sql`${sql.ref(`${table}.version`)} + 1`,
          })),
        )
        .execute();
    }
    if (key) {
      const gone = [...existing.values()].filter((id) => !seen.has(id));
      for (let i = 0; i < gone.length; i += 1000)
        await db
          .deleteFrom(table)
          .where('id', 'in', gone.slice(i, i + 1000))
          .execute();
      removed = gone.length;
    }
    return { rows: rows.length, inserted: rows.length - updated, updated, removed };
  }
}
