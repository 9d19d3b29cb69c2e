import type { Kysely } from 'kysely';
import type { Database, FieldsTable, FormulaJobsTable } from '../../db/schema.js';

/** Formula recomputation jobs (formula-jobs.ts): their rows and progress (the job queue holds their leases). */
export class FormulaJobRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(trx: Kysely<Database>, row: FormulaJobsTable): Promise<void> {
    await trx.insertInto('formula_jobs').values(row).execute();
  }

  /** Running jobs of a table give way to a new one (which computes everything again). */
  async replaceRunning(trx: Kysely<Database>, schemaCode: string, now: number): Promise<void> {
    await trx
      .updateTable('formula_jobs')
      .set({ state: 'replaced', lease_until: 0, updated_at: now })
      .where('schema_code', '=', schemaCode)
      .where('state', '=', 'running')
      .execute();
  }

  get(id: string): Promise<FormulaJobsTable | undefined> {
    return this.db.selectFrom('formula_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  find(engineCode: string, schemaCode: string, id: string): Promise<FormulaJobsTable | undefined> {
    return this.db
      .selectFrom('formula_jobs')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A table's jobs that are running or changed since `since`, newest first. */
  recent(engineCode: string, schemaCode: string, since: number): Promise<FormulaJobsTable[]> {
    return this.db
      .selectFrom('formula_jobs')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .where((eb) => eb.or([eb('state', '=', 'running'), eb('updated_at', '>=', since)]))
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute();
  }

  /**
   * Records one batch as done, in the batch's transaction; false when the job is no longer running
   * (replaced by a newer one), so the batch is not written.
   */
  async progress(
    trx: Kysely<Database>,
    id: string,
    set: { processed: number; after_id: string; updated_at: number },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('formula_jobs')
      .set(set)
      .where('id', '=', id)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async finish(id: string, state: 'done' | 'failed', now: number): Promise<void> {
    await this.db
      .updateTable('formula_jobs')
      .set((eb) => ({
        state,
        lease_until: 0,
        updated_at: now,
        ...(state === 'done' ? { total: eb.ref('processed') } : {}),
      }))
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute();
  }

  schema(code: string) {
    return this.db
      .selectFrom('schemas')
      .select(['code', 'engine_code', 'table_name'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  fields(schemaCode: string): Promise<FieldsTable[]> {
    return this.db.selectFrom('fields').selectAll().where('schema_code', '=', schemaCode).orderBy('sort_key').execute();
  }
}
