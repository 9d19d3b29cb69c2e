import { type Kysely, sql } from 'kysely';

/** Row rules filter records by their creator: every existing data table gets that index. */
async function tables(db: Kysely<unknown>): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`select table_name from schemas`.execute(db);
  return rows.rows.map((r) => r.table_name).filter((t) => /^d_[A-Za-z0-9_]+$/.test(t));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of await tables(db)) {
    await db.schema.createIndex(`${table}_creator_idx`).ifNotExists().on(table).column('created_by').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of await tables(db)) {
    await db.schema.dropIndex(`${table}_creator_idx`).ifExists().execute();
  }
}
