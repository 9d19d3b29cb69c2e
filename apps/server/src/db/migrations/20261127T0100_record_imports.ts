import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * One history entry per import (issue 15) instead of one `record_history` row per imported record.
 * An import's records get ids of one range (`first_id` … `last_id`, time-ordered, see
 * records/import-ids.ts): the entry finds them all, and a record's history finds its import.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('record_imports')
    .addColumn('import_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('first_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('last_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('record_imports_range_idx')
    .on('record_imports')
    .columns(['schema_code', 'first_id'])
    .execute();
}

/** Record ids a down() step handles at once (parameters a statement: 7 a row, well under both limits). */
const BATCH = 500;
/** Hex digits of an import id's counter (records/import-ids.ts COUNTER). */
const COUNTER = 12;

interface ImportEntry {
  engine_code: string;
  schema_code: string;
  member_id: string;
  first_id: string;
  last_id: string;
  created_at: number | string;
}

/**
 * Back to one history row per imported record, as the code before this migration wrote them
 * (action `import`, no changes, the import's member and time): nothing of an import's history is
 * lost. The records are the ids of the entry's range that the data table holds or that have
 * history rows of their own (deleted since); each gets its `import` row first in its history — the
 * history reads rows by id, so the record's own later rows (edits, its deletion) are written again
 * after it, in their order. An entry of a table deleted since has no history to keep (its rows
 * went with the table's, by the foreign key).
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  const entries = await sql<ImportEntry>`select engine_code, schema_code, member_id, first_id, last_id, created_at
    from record_imports order by created_at, import_id`.execute(db);
  for (const entry of entries.rows) {
    const schema = await sql<{
      table_name: string;
    }>`select table_name from schemas where code = ${entry.schema_code}`.execute(db);
    const table = schema.rows[0]?.table_name;
    if (!table) continue;
    const present = await tableExists(db, table);
    const prefix = entry.first_id.slice(0, entry.first_id.length - COUNTER);
    const last = Number.parseInt(entry.last_id.slice(-COUNTER), 16);
    for (let from = 0; from <= last; from += BATCH) {
      const range: string[] = [];
      for (let n = from; n <= Math.min(last, from + BATCH - 1); n++)
        range.push(prefix + n.toString(16).padStart(COUNTER, '0'));
      await db.transaction().execute(async (trx) => {
        const live = present
          ? (
              await sql<{ id: string }>`select id from ${sql.table(table)} where id in (${sql.join(range)})`.execute(
                trx,
              )
            ).rows
          : [];
        const own = (
          await sql<{ id: string }>`select distinct record_id as id from record_history
            where schema_code = ${entry.schema_code} and record_id in (${sql.join(range)})`.execute(trx)
        ).rows;
        const ids = [...new Set([...live, ...own].map((r) => r.id))].sort();
        if (!ids.length) return;
        const top = await sql<{ m: number | string | null }>`select max(id) as m from record_history`.execute(trx);
        const before = Number(top.rows[0]?.m ?? 0);
        const rows = ids.map(
          (id) =>
            sql`(${entry.schema_code}, ${id}, ${entry.engine_code}, ${entry.member_id}, ${'import'}, ${'[]'}, ${Number(entry.created_at)})`,
        );
        await sql`insert into record_history (schema_code, record_id, engine_code, member_id, action, changes, created_at)
          values ${sql.join(rows)}`.execute(trx);
        if (!own.length) return;
        const moved = sql.join(own.map((r) => r.id));
        await sql`insert into record_history (schema_code, record_id, engine_code, member_id, action, changes, created_at)
          select schema_code, record_id, engine_code, member_id, action, changes, created_at from record_history
          where schema_code = ${entry.schema_code} and record_id in (${moved}) and id <= ${before} order by id`.execute(
          trx,
        );
        await sql`delete from record_history
          where schema_code = ${entry.schema_code} and record_id in (${moved}) and id <= ${before}`.execute(trx);
      });
    }
  }
  await db.schema.dropTable('record_imports').ifExists().execute();
}

async function tableExists(db: Kysely<unknown>, table: string): Promise<boolean> {
  if (dialectOf(db) === 'postgres') {
    const r = await sql<{ ok: boolean }>`select to_regclass(${table}) is not null as ok`.execute(db);
    return Boolean(r.rows[0]?.ok);
  }
  const r = await sql<{
    n: number;
  }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return Number(r.rows[0]?.n) > 0;
}
