import { ErrorCode, RecordLimits } from '@canopy/contract';
import { type SqlBool, sql } from 'kysely';
import { AppError } from '../../http/app-error.js';
import type { SchemaContext } from '../schema-context/context.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { pickSearch } from './pick.js';
import { columnOf, type QueryEnv } from './query.js';
import type { RecordRepository, RecordRow } from './repository.js';
import { type RecordWhere, rowScope } from './row-scope.js';

/**
 * Records to link to, for the relation picker: id and title only, within the member's row rule,
 * searched on the server over the title and the text fields they may see (pick.ts), newest first by
 * keyset, so every record can be reached however big the table. With `ids`: those records (the
 * picker's current value), as far as the member reaches them.
 */
export async function pickRecords(
  repo: RecordRepository,
  ctx: SchemaContext,
  env: QueryEnv,
  body: { search?: string; cursor?: string; ids?: string[] },
  titleOf: (row: RecordRow) => string,
) {
  const limit = body.ids ? body.ids.length || 1 : RecordLimits.pickPageRows;
  const decoded = decodeCursor(body.cursor);
  const where: RecordWhere = (eb) => {
    const parts = [];
    const scope = rowScope(eb, ctx, env);
    if (scope) parts.push(scope);
    if (body.ids) parts.push(body.ids.length ? eb('id', 'in', body.ids) : sql<SqlBool>`1 = 0`);
    else if (body.search) {
      const text = pickSearch(eb, ctx, body.search);
      if (text) parts.push(text);
    }
    return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
  };
  const rows = await repo.query(ctx.schema.table_name, ctx.schema.engine_code, where, [], limit + 1, {
    after: Array.isArray(decoded) ? decoded : null,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    resultList: page.map((r) => ({ id: r.id, title: titleOf(r) })),
    nextCursor: rows.length > limit && last ? encodeCursor([Number(last.created_at), last.id]) : '',
  };
}

/** The first id of a stored JSON list ('' when empty or unreadable). */
function firstOfList(stored: unknown): string {
  try {
    const list = JSON.parse(String(stored)) as unknown;
    return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : '';
  } catch {
    return '';
  }
}

/**
 * The values a kanban's grouping field holds among the records `where` selects (the member's rule,
 * the view's filter and search), so the board's columns do not depend on which cards happen to be
 * loaded. A single select answers its option ids, a member field each card's first member. Reads at
 * most the cap of distinct values (then `capped`).
 */
export async function groupValues(repo: RecordRepository, ctx: SchemaContext, field: string, where: RecordWhere) {
  const column = columnOf(ctx, field);
  if (column.type !== 'singleSelect' && column.type !== 'member') {
    throw new AppError(400, ErrorCode.validationFailed, 'filter.invalid', { detail: column.label }, 'VALIDATION');
  }
  const cap = RecordLimits.groupValuesCap;
  const raw = await repo.distinctValues(ctx.schema.table_name, ctx.schema.engine_code, column.name, where, cap + 1);
  const values = new Set<string>();
  for (const v of raw.slice(0, cap)) {
    const value = column.type === 'singleSelect' ? (typeof v === 'string' ? v : '') : firstOfList(v);
    if (value) values.add(value);
  }
  return { values: [...values].sort(), capped: raw.length > cap };
}
