import type { Kysely } from 'kysely';

/**
 * Package identity (issue 12 upgrade): what package an app came from. An app installed from a
 * package remembers the package's origin (the app it was first exported from), the version it has
 * (the package's export time) and the code map (package code → code here) that a later package of
 * the same origin is matched through. An app upgraded from a package of its own origin gets a row too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_origins')
    .addColumn('app_code', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    // The origin app's code (stable across exports of it and of its installed copies).
    .addColumn('origin_id', 'varchar(64)', (c) => c.notNull())
    // The exportedAt of the package installed or upgraded from last.
    .addColumn('version', 'bigint', (c) => c.notNull())
    // JSON { packageCode: codeHere }.
    .addColumn('code_map', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('app_origins_origin_idx')
    .on('app_origins')
    .columns(['engine_code', 'origin_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_origins').ifExists().execute();
}
