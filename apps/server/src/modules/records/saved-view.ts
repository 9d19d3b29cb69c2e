import { ErrorCode, ErrorType, type FilterGroup, type SortSpec } from '@canopy/contract';
import { expressionBuilder } from 'kysely';
import { AppError } from '../../http/app-error.js';
import type { SchemaContext } from '../schema-context/context.js';
import { filterExpression, type QueryEnv, sortColumns } from './query.js';

/**
 * A saved view's own filter and sorts, applied on the server when a query names the view. A public
 * view's conditions and sorts on fields hidden from the member were dropped before they get here
 * (views/service.ts viewForMember, issue 30): filtering or sorting by a hidden field would tell its
 * values.
 */
export interface SavedQuery {
  filter?: FilterGroup;
  sorts: SortSpec[];
  /** A public view: designed by someone who sees every field; a personal one gets the member's rules. */
  designed: boolean;
}

/** Loads a view this member may open (views/service.ts), or answers 404. */
export type SavedQueryLoader = (ctx: SchemaContext, viewCode: string) => Promise<SavedQuery>;

/** The fields a filter names, nested groups included. */
function filterFields(group: FilterGroup | undefined): string[] {
  return (group?.conditions ?? []).flatMap((c) => ('conditions' in c ? c.conditions.map((x) => x.field) : [c.field]));
}

/**
 * The table as a saved view's conditions read it. A personal view naming a field hidden from the
 * member (saved before the field was hidden) is refused with a clear error, never applied without
 * the condition: the member would get other rows than the view shows.
 */
export function savedContext(ctx: SchemaContext, saved: SavedQuery): SchemaContext {
  if (saved.designed) return { ...ctx, rights: { ...ctx.rights, hidden: new Set<string>() } };
  const named = [...filterFields(saved.filter), ...saved.sorts.map((s) => s.field)];
  if (named.some((code) => ctx.rights.hidden.has(code)))
    throw new AppError(400, ErrorCode.validationFailed, 'view.hiddenField', {}, ErrorType.validation);
  return ctx;
}

/** Whether one saved condition can run (its field still there, its value complete). */
function runs(ctx: SchemaContext, group: FilterGroup, env: QueryEnv): boolean {
  try {
    filterExpression(expressionBuilder(), ctx, group, env);
    return true;
  } catch {
    return false;
  }
}

/**
 * The saved filter's conditions that can run: one on a field deleted since, or left unfinished in
 * the editor, is left out (as the web app leaves it out), so an old view keeps opening.
 */
export function runnableFilter(ctx: SchemaContext, group: FilterGroup | undefined, env: QueryEnv) {
  if (!group) return undefined;
  const conditions: FilterGroup['conditions'] = [];
  for (const c of group.conditions) {
    if ('conditions' in c) {
      const inner = c.conditions.filter((x) => runs(ctx, { op: 'and', conditions: [x] }, env));
      if (inner.length) conditions.push({ op: c.op, conditions: inner });
    } else if (runs(ctx, { op: 'and', conditions: [c] }, env)) conditions.push(c);
  }
  return conditions.length ? { op: group.op, conditions } : undefined;
}

/**
 * The query's sorts with a saved view: the request's own first (a grouping sorts by its field
 * first), then the view's on fields not named yet, five at most. Saved sorts that cannot run any
 * more are left out like saved conditions.
 */
export function mergedSorts(ctx: SchemaContext, asked: SortSpec[], saved: SavedQuery | undefined) {
  const own = sortColumns(ctx, asked);
  if (!saved) return own;
  const viewCtx = savedContext(ctx, saved);
  const named = new Set(asked.map((s) => s.field));
  const extra = saved.sorts.flatMap((s) => {
    if (named.has(s.field)) return [];
    try {
      return sortColumns(viewCtx, [s]);
    } catch {
      return [];
    }
  });
  return [...own, ...extra].slice(0, 5);
}
