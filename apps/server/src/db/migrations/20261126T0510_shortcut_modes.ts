import type { Kysely } from 'kysely';

/**
 * Shortcut modes (issue 12, spec §3): a private shortcut belongs to the member who added it. The
 * team's shortcuts (public, locked) have no owner (''); one shortcut of a kind per target stays the
 * rule within the team's and within each member's own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('dashboard_nodes')
    .addColumn('owner_member_id', 'varchar(36)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.dropIndex('dashboard_nodes_team_idx').execute();
  await db.schema
    .createIndex('dashboard_nodes_team_idx')
    .unique()
    .on('dashboard_nodes')
    .columns(['engine_code', 'owner_member_id', 'type', 'app_code', 'schema_code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom('dashboard_nodes' as never)
    .where('owner_member_id' as never, '!=', '' as never)
    .execute();
  await db.schema.dropIndex('dashboard_nodes_team_idx').execute();
  await db.schema.alterTable('dashboard_nodes').dropColumn('owner_member_id').execute();
  await db.schema
    .createIndex('dashboard_nodes_team_idx')
    .unique()
    .on('dashboard_nodes')
    .columns(['engine_code', 'type', 'app_code', 'schema_code'])
    .execute();
}
