import type { Kysely } from 'kysely';

/** Uploaded files (attachments, images): bytes on disk under DATA_DIR, facts here. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    .addColumn('uploader_member_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(128)', (c) => c.notNull())
    .addColumn('is_image', 'smallint', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_engine_idx').on('files').columns(['engine_code', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').ifExists().execute();
}
