import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * The application log (issue 14) extends `audit_log` (ARCHITECTURE.md "Application log"): which
 * app, table and record an entry is about, the record's title when written, the kind of action and
 * the changed values. Entries are listed per team newest first, per app, and searched by record
 * title through a trigram index (FTS5 on SQLite, pg_trgm GIN on PostgreSQL). Each team keeps them
 * for its retention (days) on `engines`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, 'varchar(64)' | 'varchar(200)' | 'varchar(16)' | 'text'][] = [
    ['app_code', 'varchar(64)'],
    ['schema_code', 'varchar(64)'],
    ['record_id', 'varchar(64)'],
    ['record_title', 'varchar(200)'],
    ['kind', 'varchar(16)'],
  ];
  for (const [name, type] of columns)
    await db.schema
      .alterTable('audit_log')
      .addColumn(name, type, (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('engines')
    .addColumn('applog_retention_days', 'integer', (c) => c.notNull().defaultTo(180))
    .execute();
  // Kinds of the entries written before (by their action's prefix).
  await sql`update audit_log set kind = case
      when action like 'workflow.%' then 'flow'
      when action like 'app.role.%' then 'permission'
      when action like 'app.%' or action like 'table.%' then 'app'
      when action like 'team.%' then 'team'
      else 'other' end,
    app_code = case when target_type = 'app' then target_id else '' end`.execute(db);

  await db.schema.dropIndex('audit_log_engine_idx').execute();
  await db.schema
    .createIndex('audit_log_engine_idx')
    .on('audit_log')
    .columns(['engine_code', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_app_idx')
    .on('audit_log')
    .columns(['engine_code', 'app_code', 'created_at'])
    .execute();

  if (dialectOf(db) === 'postgres') {
    // The extension lives in `public` (not a test's or tenant's own schema, which may be dropped);
    // parallel migrations of several schemas take turns creating it.
    await sql`select pg_advisory_xact_lock(hashtext('canopy_pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index audit_log_title_trgm_idx on audit_log using gin (record_title public.gin_trgm_ops)`.execute(
      db,
    );
  } else {
    await sql`create virtual table audit_log_fts using fts5(record_title, content='audit_log', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger audit_log_fts_insert after insert on audit_log when new.record_title <> '' begin
      insert into audit_log_fts(rowid, record_title) values (new.id, new.record_title); end`.execute(db);
    await sql`create trigger audit_log_fts_delete after delete on audit_log when old.record_title <> '' begin
      insert into audit_log_fts(audit_log_fts, rowid, record_title) values ('delete', old.id, old.record_title); end`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index if exists audit_log_title_trgm_idx`.execute(db);
  } else {
    await sql`drop trigger if exists audit_log_fts_insert`.execute(db);
    await sql`drop trigger if exists audit_log_fts_delete`.execute(db);
    await sql`drop table if exists audit_log_fts`.execute(db);
  }
  await db.schema.dropIndex('audit_log_app_idx').ifExists().execute();
  await db.schema.dropIndex('audit_log_engine_idx').ifExists().execute();
  await db.schema.createIndex('audit_log_engine_idx').on('audit_log').columns(['engine_code', 'created_at']).execute();
  for (const name of ['changes', 'kind', 'record_title', 'record_id', 'schema_code', 'app_code'])
    await db.schema.alterTable('audit_log').dropColumn(name).execute();
  await db.schema.alterTable('engines').dropColumn('applog_retention_days').execute();
}
