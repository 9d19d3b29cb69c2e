import type { Kysely } from 'kysely';

/**
 * A custom page's (UserModule node's) blocks and who may open it, one row per node, going with the
 * node (and with its app and team) by cascade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_pages')
    .addColumn('node_code', 'varchar(36)', (c) => c.primaryKey().references('function_nodes.code').onDelete('cascade'))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    // JSON array of app roles (contract PageRole); '[]' for everyone in the app.
    .addColumn('roles', 'text', (c) => c.notNull())
    // JSON array of blocks (contract PageBlock).
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_pages').ifExists().execute();
}
