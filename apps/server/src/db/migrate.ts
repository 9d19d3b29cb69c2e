import { type DatabaseIntrospector, type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { dialectOf } from './dialect.js';
import * as foundation from './migrations/20261122T1100_foundation.js';
import * as invitationsOutbox from './migrations/20261122T1200_invitations_outbox.js';
import * as verificationCodes from './migrations/20261122T1300_verification_codes.js';
import * as departments from './migrations/20261122T1400_departments.js';
import * as apps from './migrations/20261122T1500_apps.js';
import * as schemas from './migrations/20261122T1600_schemas.js';
import * as formLayout from './migrations/20261122T1700_form_layout.js';
import * as files from './migrations/20261122T1800_files.js';
import * as nodeTrash from './migrations/20261122T1900_node_trash.js';
import * as defaultsTitles from './migrations/20261122T2000_defaults_titles.js';
import * as views from './migrations/20261122T2100_views.js';
import * as importJobs from './migrations/20261122T2200_import_jobs.js';
import * as creatorIndex from './migrations/20261122T2300_creator_index.js';
import * as workflows from './migrations/20261123T1000_workflows.js';
import * as customMenu from './migrations/20261123T1400_custom_menu.js';
import * as wechatBinding from './migrations/20261123T1410_wechat_binding.js';
import * as teamClosing from './migrations/20261123T1420_team_closing.js';
import * as formulaJobs from './migrations/20261123T1430_formula_jobs.js';
import * as workflowOps from './migrations/20261123T1500_workflow_ops.js';
import * as letters from './migrations/20261123T1620_letters.js';
import * as todos from './migrations/20261123T1630_todos.js';
import * as feedback from './migrations/20261123T1640_feedback.js';
import * as onboarding from './migrations/20261123T1650_onboarding.js';
import * as todoCounts from './migrations/20261124T0000_todo_counts.js';
import * as sso from './migrations/20261124T0010_sso.js';
import * as shortcuts from './migrations/20261124T0100_shortcuts.js';
import * as apiTokens from './migrations/20261124T0200_api_tokens.js';
import * as webhooks from './migrations/20261124T0200_webhooks.js';
import * as dashboards from './migrations/20261124T0300_dashboards.js';
import * as webhookFilters from './migrations/20261125T0100_webhook_filters.js';
import * as printTemplates from './migrations/20261125T0200_print_templates.js';
import * as dashboardFiltersTimeZone from './migrations/20261125T0300_dashboard_filters_time_zone.js';
import * as jobs from './migrations/20261125T0400_jobs.js';
import * as installTasks from './migrations/20261125T0500_install_tasks.js';
import * as customPages from './migrations/20261125T0600_custom_pages.js';
import * as appLog from './migrations/20261126T0100_app_log.js';
import * as dataSources from './migrations/20261126T0200_data_sources.js';
import * as exportJobs from './migrations/20261126T0300_export_jobs.js';
import * as templates from './migrations/20261126T0400_templates.js';
import * as appOrigins from './migrations/20261126T0500_app_origins.js';
import * as shortcutModes from './migrations/20261126T0510_shortcut_modes.js';
import * as recordIndexes from './migrations/20261126T0600_record_indexes.js';
import * as wecomLogins from './migrations/20261126T0700_wecom_logins.js';
import * as recordImports from './migrations/20261127T0100_record_imports.js';
import * as metaVersion from './migrations/20261127T0300_meta_version.js';
import * as dashboardRollups from './migrations/20261127T0400_dashboard_rollups.js';
import * as recordIndexOrigin from './migrations/20261127T0600_record_index_origin.js';
import * as applogTitlesBatched from './migrations/20261127T0700_applog_titles_batched.js';
import * as importMoving from './migrations/20261127T1400_import_moving.js';
import * as timerAttempts from './migrations/20261128T0100_timer_attempts.js';
import * as shortcutsTableName from './migrations/20261128T0700_shortcuts_table_name.js';
import * as appRoles from './migrations/20261128T1000_app_roles.js';
import * as automations from './migrations/20261128T1100_automations.js';
import * as delegationScopeNote from './migrations/20261128T1200_delegation_scope_note.js';
import * as flowReturnedState from './migrations/20261128T1400_flow_returned_state.js';
import * as approvalFiguresIndex from './migrations/20261128T1500_approval_figures_index.js';
import * as announcements from './migrations/20261128T1600_announcements.js';
import * as installTasksQueued from './migrations/20261128T1700_install_tasks_queued.js';
import * as accountChecks from './migrations/20261128T1710_account_checks.js';
import * as automationDatePlans from './migrations/20261128T2300_automation_date_plans.js';
import * as plannerStatistics from './migrations/20261129T0300_planner_statistics.js';
import * as recordComments from './migrations/20261129T0600_record_comments.js';

/**
 * Migrations are listed here (not read from disk) so they work the same from source, from a
 * bundle and in tests. Names are timestamps; a landed migration is never rewritten.
 */
const migrations: Record<string, Migration> = {
  '20261122T1100_foundation': foundation,
  '20261122T1200_invitations_outbox': invitationsOutbox,
  '20261122T1300_verification_codes': verificationCodes,
  '20261122T1400_departments': departments,
  '20261122T1500_apps': apps,
  '20261122T1600_schemas': schemas,
  '20261122T1700_form_layout': formLayout,
  '20261122T1800_files': files,
  '20261122T1900_node_trash': nodeTrash,
  '20261122T2000_defaults_titles': defaultsTitles,
  '20261122T2100_views': views,
  '20261122T2200_import_jobs': importJobs,
  '20261122T2300_creator_index': creatorIndex,
  '20261123T1000_workflows': workflows,
  '20261123T1400_custom_menu': customMenu,
  '20261123T1410_wechat_binding': wechatBinding,
  '20261123T1420_team_closing': teamClosing,
  '20261123T1430_formula_jobs': formulaJobs,
  '20261123T1500_workflow_ops': workflowOps,
  '20261123T1620_letters': letters,
  '20261123T1630_todos': todos,
  '20261123T1640_feedback': feedback,
  '20261123T1650_onboarding': onboarding,
  '20261124T0000_todo_counts': todoCounts,
  '20261124T0010_sso': sso,
  '20261124T0100_shortcuts': shortcuts,
  '20261124T0300_dashboards': dashboards,
  '20261125T0600_custom_pages': customPages,
  '20261126T0700_wecom_logins': wecomLogins,
  '20261126T0200_data_sources': dataSources,
  '20261126T0600_record_indexes': recordIndexes,
  '20261127T0100_record_imports': recordImports,
  '20261125T0400_jobs': jobs,
  '20261124T0200_api_tokens': apiTokens,
  '20261124T0200_webhooks': webhooks,
  '20261125T0500_install_tasks': installTasks,
  '20261125T0200_print_templates': printTemplates,
  '20261125T0300_dashboard_filters_time_zone': dashboardFiltersTimeZone,
  '20261125T0100_webhook_filters': webhookFilters,
  '20261126T0300_export_jobs': exportJobs,
  '20261126T0400_templates': templates,
  '20261126T0500_app_origins': appOrigins,
  '20261126T0510_shortcut_modes': shortcutModes,
  '20261126T0100_app_log': appLog,
  '20261127T0300_meta_version': metaVersion,
  '20261127T0400_dashboard_rollups': dashboardRollups,
  '20261127T0700_applog_titles_batched': applogTitlesBatched,
  '20261127T0600_record_index_origin': recordIndexOrigin,
  '20261127T1400_import_moving': importMoving,
  '20261128T0100_timer_attempts': timerAttempts,
  '20261128T0700_shortcuts_table_name': shortcutsTableName,
  '20261128T1000_app_roles': appRoles,
  '20261128T1100_automations': automations,
  '20261128T1200_delegation_scope_note': delegationScopeNote,
  '20261128T1400_flow_returned_state': flowReturnedState,
  '20261128T1500_approval_figures_index': approvalFiguresIndex,
  '20261128T1600_announcements': announcements,
  '20261128T1700_install_tasks_queued': installTasksQueued,
  '20261128T1710_account_checks': accountChecks,
  '20261128T2300_automation_date_plans': automationDatePlans,
  '20261129T0300_planner_statistics': plannerStatistics,
  '20261129T0600_record_comments': recordComments,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL the migration tables are pinned to the connection's current schema: otherwise the
 * migrator would see another schema's bookkeeping tables in the same database and skip creating its own.
 */
async function migratorFor(db: Kysely<unknown>): Promise<Migrator> {
  // Work lands from parallel branches: a migration may arrive after others with later names already
  // ran on some database (a branch's, a bench's). Each runs once whatever its place in the order.
  const allowUnorderedMigrations = true;
  if (dialectOf(db) !== 'postgres') return new Migrator({ db, provider, allowUnorderedMigrations });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return new Migrator({
    db: ownSchemaOnly(db, schema),
    provider,
    migrationTableSchema: schema,
    allowUnorderedMigrations,
  });
}

/**
 * The migrator asks only whether its bookkeeping tables exist, but Kysely's PostgreSQL introspector
 * reads every column of every schema in the database, and fails when another schema is dropped while
 * it reads (parallel test files, or other tenants of a shared server). Answer from this schema's
 * table names instead; everything else goes to the real instance.
 */
function ownSchemaOnly(db: Kysely<unknown>, schema: string): Kysely<unknown> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getMetadata: async (options) => ({ tables: await introspection.getTables(options) }),
    getTables: async () => {
      const { rows: tables } = await sql<{ name: string; type: string }>`
        select table_name as name, table_type as type from information_schema.tables
        where table_schema = ${schema}`.execute(db);
      return tables.map((t) => ({ name: t.name, schema, isView: t.type === 'VIEW', columns: [] }));
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const run = async () => {
    const migrator = await migratorFor(db);
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  if (dialectOf(db) !== 'postgres') return run();
  // Several server processes starting at once on a new database: one migrates, the others wait for it
  // (a session advisory lock per schema, held on a connection of its own while the migrator works).
  return db.connection().execute(async (conn) => {
    const key = sql`hashtext('canopy_migrations:' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

export async function migrateDownAll(db: Kysely<unknown>): Promise<void> {
  const migrator = await migratorFor(db);
  for (;;) {
    const { error, results } = await migrator.migrateDown();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    if (!results?.length) return;
  }
}
