import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
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
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL the migration tables are pinned to the connection's current schema: otherwise the
 * migrator would see another schema's bookkeeping tables in the same database and skip creating its own.
 */
async function migratorFor(db: Kysely<unknown>): Promise<Migrator> {
  if (dialectOf(db) !== 'postgres') return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider, migrationTableSchema: rows[0]?.schema ?? 'public' });
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = await migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateDownAll(db: Kysely<unknown>): Promise<void> {
  const migrator = await migratorFor(db);
  for (;;) {
    const { error, results } = await migrator.migrateDown();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    if (!results?.length) return;
  }
}
