import type { Kysely } from 'kysely';
import { autoIncrementId } from '../dialect.js';

/**
 * Metadata of user-designed tables. Each data table also gets a physical table of its own
 * (`d_<code>`), created and altered by the schemas module, never by a migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schemas')
    .addColumn('code', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull().references('apps.code').onDelete('cascade'))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title_field_code', 'varchar(36)', (c) => c.notNull().defaultTo(''))
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schemas_app_idx').on('schemas').columns(['engine_code', 'app_code']).execute();

  await db.schema
    .createTable('fields')
    .addColumn('code', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull().references('schemas.code').onDelete('cascade'))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('column_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('required', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('unique_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_key', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Deleted fields keep their column for a while and can be restored.
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('fields_schema_idx').on('fields').columns(['schema_code', 'sort_key']).execute();

  await db.schema
    .createTable('schema_counters')
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull().references('schemas.code').onDelete('cascade'))
    .addColumn('field_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('schema_counters_pk', ['schema_code', 'field_code'])
    .execute();

  await db.schema
    .createTable('record_history')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull().references('schemas.code').onDelete('cascade'))
    .addColumn('record_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull())
    // create | update | delete
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    // [{ field, from, to }]
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('record_history_record_idx')
    .on('record_history')
    .columns(['schema_code', 'record_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['record_history', 'schema_counters', 'fields', 'schemas']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
