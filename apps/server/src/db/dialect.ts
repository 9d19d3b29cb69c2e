import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-increment integer primary key on both databases (identity on PG, rowid alias on SQLite). */
export function autoIncrementId(db: Kysely<unknown>) {
  const pg = dialectOf(db) === 'postgres';
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}
