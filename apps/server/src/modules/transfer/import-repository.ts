import type { ImportJob, Language, ServerMessageKey } from '@canopy/contract';
import { formatMessage } from '@canopy/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Database, ImportJobsTable, RecordImportsTable } from '../../db/schema.js';

/** A stored message: its key and parameters, put into words in the reader's language. */
export interface StoredMessage {
  key: ServerMessageKey;
  params?: Record<string, string | number>;
}

export const ERRORS_KEPT = 10_000;

export function toJob(row: ImportJobsTable, lang: Language): ImportJob {
  const message = row.message ? (JSON.parse(row.message) as StoredMessage) : null;
  return {
    id: row.id,
    fileName: row.file_name,
    state: row.state as ImportJob['state'],
    mode: row.mode as ImportJob['mode'],
    columns: JSON.parse(row.columns) as string[],
    mapping: JSON.parse(row.mapping) as Record<string, string>,
    preview: JSON.parse(row.preview) as string[][],
    total: Number(row.total),
    processed: Number(row.processed),
    created: Number(row.created),
    written: row.moving ? (JSON.parse(row.moving) as { moved: number }).moved : Number(row.created),
    failed: Number(row.failed),
    message: message ? formatMessage(message.key, lang, message.params) : '',
    createdAt: Number(row.created_at),
  };
}

export class ImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: ImportJobsTable) {
    return this.db.insertInto('import_jobs').values(row).execute();
  }

  find(engineCode: string, schemaCode: string, id: string) {
    return this.db
      .selectFrom('import_jobs')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  byId(id: string) {
    return this.db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Moves a job from one state to the next only if it is still in the first (two clicks start once). */
  async transition(
    id: string,
    from: string,
    set: Updateable<ImportJobsTable>,
    trx: Kysely<Database> = this.db,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('import_jobs')
      .set(set)
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  update(id: string, set: Updateable<ImportJobsTable>, trx: Kysely<Database> = this.db) {
    return trx.updateTable('import_jobs').set(set).where('id', '=', id).execute();
  }

  async addErrors(jobId: string, errors: { row: number; field: string; message: string }[], kept: number) {
    const room = Math.max(0, ERRORS_KEPT - kept);
    const rows = errors
      .slice(0, room)
      .map((e) => ({ job_id: jobId, row_number: e.row, field: e.field, message: e.message }));
    for (let i = 0; i < rows.length; i += 1_000) {
      await this.db
        .insertInto('import_errors')
        .values(rows.slice(i, i + 1_000))
        .execute();
    }
  }

  errors(jobId: string) {
    return this.db
      .selectFrom('import_errors')
      .select(['row_number', 'field', 'message'])
      .where('job_id', '=', jobId)
      .orderBy('row_number')
      .limit(ERRORS_KEPT)
      .execute();
  }

  /** The import's one history entry (records/import-ids.ts), written with its first rows. */
  addImport(trx: Kysely<Database>, row: RecordImportsTable) {
    return trx.insertInto('record_imports').values(row).execute();
  }

  /** A "skip bad rows" import's entry after each chunk it commits. */
  growImport(trx: Kysely<Database>, importId: string, lastId: string, count: number) {
    return trx
      .updateTable('record_imports')
      .set({ last_id: lastId, count })
      .where('import_id', '=', importId)
      .execute();
  }

  /** Before a job runs again after its process died: the errors its first run reported go. */
  clearErrors(jobId: string) {
    return this.db.deleteFrom('import_errors').where('job_id', '=', jobId).execute();
  }
}
