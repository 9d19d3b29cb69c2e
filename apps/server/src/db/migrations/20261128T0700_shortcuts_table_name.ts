import type { Kysely } from 'kysely';

/**
 * The workbench shortcuts' table takes their name (issue 36): the spec calls a shortcut a
 * "dashboard node", which read as a dashboard's part beside the real reports in `dashboards`.
 * SQLite cannot rename an index: it is dropped and made again under the new name.
 */
const COLUMNS = ['engine_code', 'owner_member_id', 'type', 'app_code', 'schema_code'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dashboard_nodes_team_idx').execute();
  await db.schema.alterTable('dashboard_nodes').renameTo('shortcuts').execute();
  await db.schema.createIndex('shortcuts_team_idx').unique().on('shortcuts').columns(COLUMNS).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('shortcuts_team_idx').execute();
  await db.schema.alterTable('shortcuts').renameTo('dashboard_nodes').execute();
  await db.schema.createIndex('dashboard_nodes_team_idx').unique().on('dashboard_nodes').columns(COLUMNS).execute();
}
