import type { Kysely } from 'kysely';

/**
 * Workbench shortcuts (issue 12): spec §3 dashboard nodes of a team. One root (type 10) per team
 * holds the order in its properties' layout; the shortcuts (type 2 quick add, 3 quick view) point at
 * an app's table or dashboard. Everything is read by team.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_nodes')
    .addColumn('code', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('parent_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('app_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('schema_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('display_name', 'varchar(200)', (c) => c.notNull())
    // app 1, linkQuery 2 (quick add), linkInsert 3 (quick view), root 10
    .addColumn('type', 'integer', (c) => c.notNull())
    // not 0, public 1, private 2, lock 3
    .addColumn('mode', 'integer', (c) => c.notNull().defaultTo(1))
    // JSON: { color, icon } or, for the root, { layout: [codes] }
    .addColumn('properties', 'text', (c) => c.notNull().defaultTo('{}'))
    // JSON: { type, tag } of the function node it points at
    .addColumn('front_extra_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One root per team and one shortcut of a kind per table: a second is refused by the database too.
  await db.schema
    .createIndex('dashboard_nodes_team_idx')
    .unique()
    .on('dashboard_nodes')
    .columns(['engine_code', 'type', 'app_code', 'schema_code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dashboard_nodes').ifExists().execute();
}
