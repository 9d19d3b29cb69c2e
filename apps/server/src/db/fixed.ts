import { sql } from 'kysely';

/** What marks a fixed statement in its SQL text (a comment: the database ignores it). */
export const FIXED_MARK = '/*fixed*/';

/**
 * Marks a hot statement whose text never changes (only its values do): `.modifyFront(FIXED)`. On
 * PostgreSQL it becomes a named prepared statement, parsed and planned once per connection
 * (database.ts NamedStatementClient); on SQLite every select is kept prepared anyway (StatementCache).
 * Only for statements on tables that change by migrations alone: a kept plan of a table altered under
 * it fails once ("cached plan must not change result type") and is prepared again under a new name.
 */
export const FIXED = sql.raw(FIXED_MARK);
