import type { Kysely } from 'kysely';

/**
 * The template center (issue 12): apps a team published as its own templates (feature
 * templatePublish) and share links of apps (feature appShare). Both hold a package exported when
 * they were made, kept in the file store under the team's files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_templates')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    // The app it was published from (it may change or go later; the package is a snapshot).
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('icon', 'varchar(64)', (c) => c.notNull())
    .addColumn('color', 'integer', (c) => c.notNull())
    // JSON TemplateContents read from the package's manifest when published.
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('published_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('team_templates_engine_idx')
    .on('team_templates')
    .columns(['engine_code', 'created_at'])
    .execute();
  await db.schema
    .createTable('app_shares')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull())
    // sha256 of the link's token (the token itself is shown once and never stored).
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('icon', 'varchar(64)', (c) => c.notNull())
    .addColumn('color', 'integer', (c) => c.notNull())
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // 0: never expires.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // 0: not revoked.
    .addColumn('revoked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('app_shares_app_idx')
    .on('app_shares')
    .columns(['engine_code', 'app_code', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_shares').ifExists().execute();
  await db.schema.dropTable('team_templates').ifExists().execute();
}
