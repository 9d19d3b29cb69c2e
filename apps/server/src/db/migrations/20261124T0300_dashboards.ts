import type { Kysely } from 'kysely';

/**
 * A Dashboard menu node's widgets (their queries and grid places), one row per node, going with the
 * node (and with its app and team) by cascade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboards')
    .addColumn('node_code', 'varchar(36)', (c) => c.primaryKey().references('function_nodes.code').onDelete('cascade'))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    // JSON array of widgets (contract Widget).
    .addColumn('widgets', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dashboards').ifExists().execute();
}
