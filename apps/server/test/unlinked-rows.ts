import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';

/**
 * Rows of tables no foreign key ties to their team, app or table — what a purge must remove by
 * itself: a data source and where the app was installed from (an app's), an index's record (a table's).
 */
export async function insertAppRows(
  db: Kysely<Database>,
  app: { engineCode: string; appCode: string; memberId: string },
): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('data_sources')
    .values({
      id: randomUUID(),
      engine_code: app.engineCode,
      app_code: app.appCode,
      name: '外部库',
      kind: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      database_name: 'x',
      user_name: 'x',
      url: '',
      secret: '',
      created_by: app.memberId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('app_origins')
    .values({
      app_code: app.appCode,
      engine_code: app.engineCode,
      origin_id: 'o1',
      version: 1,
      code_map: '{}',
      updated_at: now,
    })
    .execute();
}

export async function insertIndexRow(
  db: Kysely<Database>,
  table: { engineCode: string; schemaCode: string; tableName: string },
  origin: 'view' | 'list' = 'list',
): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('record_indexes')
    .values({
      name: `ix_${table.schemaCode}`.slice(0, 60),
      engine_code: table.engineCode,
      schema_code: table.schemaCode,
      table_name: table.tableName,
      kind: 'column',
      definition: '{}',
      state: 'ready',
      progress: 100,
      error: null,
      job_id: null,
      requested_at: now,
      built_at: now,
      origin,
    })
    .execute();
}
