import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Extended statistics where columns go together (issue 37). A data table belongs to one team, so
 * its flows' and work items' schema_code decides engine_code and app_code: PostgreSQL multiplies
 * their selectivities as if independent and expects a team's condition to cut rows that the
 * table's already did. `dependencies` and `ndistinct` tell it they do not. SQLite has no extended
 * statistics: there the flow-state read is written so no index but the right one can serve it
 * (records/repository.ts flowResults), and `PRAGMA optimize` keeps sqlite_stat1 (db/statistics.ts).
 */
const STATISTICS = [
  { name: 'workflow_instances_team_stx', table: 'workflow_instances', columns: 'engine_code, app_code, schema_code' },
  { name: 'work_items_team_stx', table: 'work_items', columns: 'engine_code, app_code, schema_code' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const s of STATISTICS) {
    await sql
      .raw(`create statistics if not exists ${s.name} (dependencies, ndistinct) on ${s.columns} from ${s.table}`)
      .execute(db);
    await sql.raw(`analyze ${s.table}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const s of STATISTICS) await sql.raw(`drop statistics if exists ${s.name}`).execute(db);
}
