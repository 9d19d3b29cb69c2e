import { EngineState } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../storage/store.js';
import { dropRollupsOf } from '../dashboards/rollup.js';

/**
 * A closed team's tables, children before parents, so the deletes hold on both databases whatever
 * their foreign keys cascade. Each has `engine_code`.
 */
const TEAM_TABLES = [
  'api_tokens',
  'webhooks',
  'workflow_delegations',
  'workflow_timers',
  'import_jobs',
  'export_jobs',
  'feedback',
  'install_tasks',
  'team_templates',
  'app_shares',
  'shortcuts',
  'views',
  'record_history',
  'record_imports',
  'print_templates',
  'fields',
  'schemas',
  'dashboards',
  'custom_pages',
  'function_nodes',
  // after function_nodes: their sync tables (cascading from the nodes) point at them
  'data_sources',
  'app_origins',
  'record_indexes',
  'app_preferences',
  'app_role_grants',
  'app_roles',
  'apps',
  'files',
  'member_departments',
  'departments',
  'invitations',
  'notices',
  'letter_counts',
  'todo_counts',
  'engine_features',
  'audit_log',
  'outbox_events',
  'members',
] as const;

/** Deletes everything of one closed team: its data tables, rows, uploaded files, then the team itself. */
export async function purgeTeam(db: Kysely<Database>, store: FileStore, engineCode: string): Promise<boolean> {
  const purged = await db.transaction().execute(async (trx) => {
    // Claimed first: a team restored meanwhile (or being purged by another process) is left alone,
    // and once claimed it can no longer be restored.
    const claimed = await trx
      .updateTable('engines')
      .set({ state: 'PURGING' })
      .where('engine_code', '=', engineCode)
      .where('state', '=', EngineState.closed)
      .returning('engine_code')
      .executeTakeFirst();
    if (!claimed) return false;
    // Dashboards' roll-ups first (their tables, triggers, PostgreSQL trigger functions, rows).
    await dropRollupsOf(trx, { engineCode });
    const schemas = await trx
      .selectFrom('schemas')
      .select(['code', 'table_name'])
      .where('engine_code', '=', engineCode)
      .execute();
    for (const { table_name } of schemas) await trx.schema.dropTable(table_name).ifExists().execute();
    const codes = schemas.map((s) => s.code);
    if (codes.length) await trx.deleteFrom('schema_counters').where('schema_code', 'in', codes).execute();
    await trx
      .deleteFrom('webhook_deliveries')
      .where('webhook_id', 'in', (eb) => eb.selectFrom('webhooks').select('id').where('engine_code', '=', engineCode))
      .execute();
    await trx
      .deleteFrom('app_members')
      .where('app_code', 'in', (eb) => eb.selectFrom('apps').select('code').where('engine_code', '=', engineCode))
      .execute();
    for (const table of TEAM_TABLES) await trx.deleteFrom(table).where('engine_code', '=', engineCode).execute();
    await trx.deleteFrom('engines').where('engine_code', '=', engineCode).execute();
    await trx
      .updateTable('users')
      .set({ active_engine_code: null })
      .where('active_engine_code', '=', engineCode)
      .execute();
    return true;
  });
  if (purged) {
    await store.removePrefix(`files/${engineCode}/`);
    await store.removePrefix(`exports/${engineCode}/`);
  }
  return purged;
}

/** Closed teams whose restore period is over. */
export async function purgeDueTeams(db: Kysely<Database>, store: FileStore, now: number): Promise<string[]> {
  const due = await db
    .selectFrom('engines')
    .select('engine_code')
    .where('state', '=', EngineState.closed)
    .where('purge_at', '<=', now)
    .execute();
  const done: string[] = [];
  for (const { engine_code } of due) if (await purgeTeam(db, store, engine_code)) done.push(engine_code);
  return done;
}
