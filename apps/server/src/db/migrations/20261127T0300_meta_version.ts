import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Each team's metadata version (issue 15: the request path). Server processes keep a table's
 * metadata — the app, the member's app role, the table, its fields and rights — in memory per team
 * and version, and every request reads the version with its session (one statement): a cached entry
 * of another version is never used. Triggers bump it in the statement that writes apps, app members,
 * menu nodes, tables or fields (inserts, updates, deletes), so it moves in the very transaction of
 * the change and no write path — today's or a future one's — can forget it.
 */
const TABLES = {
  apps: 'engine_code',
  function_nodes: 'engine_code',
  schemas: 'engine_code',
  fields: 'engine_code',
  // App members name only their app: its team is the app's.
  app_members: '(select a.engine_code from apps a where a.code = $.app_code)',
} as const;

const OPS = ['insert', 'update', 'delete'] as const;

/** The row's team, read from `new` or `old`. */
const engineOf = (table: keyof typeof TABLES, row: 'new' | 'old') => {
  const expr = TABLES[table];
  return expr.includes('$') ? expr.replace('$', row) : `${row}.${expr}`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('engines')
    .addColumn('meta_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialectOf(db) === 'postgres') {
    for (const table of Object.keys(TABLES) as (keyof typeof TABLES)[]) {
      // One function per table: its row's team differs (app members go through their app).
      await sql`create function ${sql.raw(`meta_version_${table}`)}() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then
            update engines set meta_version = meta_version + 1 where engine_code = ${sql.raw(engineOf(table, 'old'))};
          end if;
          if tg_op <> 'DELETE' then
            update engines set meta_version = meta_version + 1 where engine_code = ${sql.raw(engineOf(table, 'new'))};
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_meta_version`)} after insert or update or delete on ${sql.raw(table)}
        for each row execute function ${sql.raw(`meta_version_${table}`)}()`.execute(db);
    }
    return;
  }
  for (const table of Object.keys(TABLES) as (keyof typeof TABLES)[]) {
    for (const op of OPS) {
      const rows =
        op === 'insert' ? (['new'] as const) : op === 'delete' ? (['old'] as const) : (['old', 'new'] as const);
      const body = rows
        .map((row) => `update engines set meta_version = meta_version + 1 where engine_code = ${engineOf(table, row)};`)
        .join(' ');
      await sql`create trigger ${sql.raw(`${table}_meta_version_${op}`)} after ${sql.raw(op)} on ${sql.raw(table)}
        begin ${sql.raw(body)} end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of Object.keys(TABLES)) {
      await sql`drop trigger if exists ${sql.raw(`${table}_meta_version`)} on ${sql.raw(table)}`.execute(db);
      await sql`drop function if exists ${sql.raw(`meta_version_${table}`)}()`.execute(db);
    }
  } else {
    for (const table of Object.keys(TABLES))
      for (const op of OPS) await sql`drop trigger if exists ${sql.raw(`${table}_meta_version_${op}`)}`.execute(db);
  }
  await db.schema.alterTable('engines').dropColumn('meta_version').execute();
}
