import type { Kysely } from 'kysely';

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

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('record_imports').ifExists().execute();
}
