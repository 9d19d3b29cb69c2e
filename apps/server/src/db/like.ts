import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL: the user's text is a
 * parameter with LIKE wildcards escaped, never part of the SQL.
 */
export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
