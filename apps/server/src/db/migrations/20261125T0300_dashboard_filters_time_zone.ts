import type { Kysely } from 'kysely';

/**
 * Dashboard filters the designer sets up (JSON array of contract DashboardFilter, saved with the
 * widgets) and the team's time zone (an IANA name): date buckets, date filters and relative dates
 * are the team's local days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dashboards').addColumn('filters', 'text').execute();
  await db.schema
    .alterTable('engines')
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('Asia/Shanghai'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engines').dropColumn('time_zone').execute();
  await db.schema.alterTable('dashboards').dropColumn('filters').execute();
}
