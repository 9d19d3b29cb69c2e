import { sql } from 'kysely';
import type { AppsTable, FieldsTable, UsersTable } from './schema.js';

/** What marks a fixed statement in its SQL text (a comment: the database ignores it). */
export const FIXED_MARK = '/*fixed*/';

/**
 * What marks a `copy … from stdin` statement (PostgreSQL): its values are the text-format data, in
 * pieces, that database.ts CopyClient streams to the server through pg-copy-streams (issue 15:
 * "COPY on PostgreSQL"), so the COPY runs on the transaction's own connection through Kysely.
 */
export const COPY_MARK = '/*copy*/';

/**
 * Marks a hot statement whose text never changes (only its values do): `.modifyFront(FIXED)`. On
 * PostgreSQL it becomes a named prepared statement, parsed and planned once per connection
 * (database.ts NamedStatementClient); on SQLite every select is kept prepared anyway (StatementCache).
 *
 * A fixed statement names every column it reads (`columnsOf` below), never `select *` / `selectAll()`:
 * PostgreSQL keeps a named statement's result type, and a `*` over a table a migration added a column
 * to changes it — the next run fails with "cached plan must not change result type" (0A000). Outside
 * a transaction NamedStatementClient prepares it again under a new name, but inside one the failure
 * has aborted the transaction already. Named columns keep the result type whatever is added.
 */
export const FIXED = sql.raw(FIXED_MARK);

/**
 * The column names of a table for a fixed statement's select list. The argument names every column
 * of `T` (a key missing or unknown fails the typecheck), so a column added to schema.ts must be added
 * here too and rows keep their full type.
 */
export function columnsOf<T>(all: { [K in keyof T]-?: true }): (keyof T & string)[] {
  return Object.keys(all) as (keyof T & string)[];
}

/** The same names qualified by a table (or alias) name, for a select over a join. */
export function qualified<Q extends string, C extends string>(table: Q, columns: readonly C[]): `${Q}.${C}`[] {
  return columns.map((c) => `${table}.${c}` as `${Q}.${C}`);
}

export const FIELD_COLUMNS = columnsOf<FieldsTable>({
  code: true,
  schema_code: true,
  engine_code: true,
  name: true,
  type: true,
  column_name: true,
  settings: true,
  required: true,
  unique_flag: true,
  description: true,
  sort_key: true,
  created_at: true,
  deleted_at: true,
  default_value: true,
});

export const APP_COLUMNS = columnsOf<AppsTable>({
  code: true,
  engine_code: true,
  display_name: true,
  color: true,
  icon: true,
  display_mode: true,
  description: true,
  state: true,
  deleted_at: true,
  created_at: true,
  updated_at: true,
});

export const USER_COLUMNS = columnsOf<UsersTable>({
  id: true,
  user_name: true,
  mobile: true,
  email: true,
  password_hash: true,
  avatar_url: true,
  personal_signature: true,
  state: true,
  entry_type: true,
  active_engine_code: true,
  language: true,
  instance_admin: true,
  created_at: true,
  updated_at: true,
  wechat_open_id: true,
  wechat_open_name: true,
  todo_mail: true,
});
