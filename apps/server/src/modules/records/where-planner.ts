import type { FilterGroup } from '@canopy/contract';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SchemaContext } from '../schema-context/context.js';
import { rulesOf } from '../schema-context/permissions.js';
import type { RecordIndexes } from './indexes.js';
import { filterExpression, filteredWalkIndexes, mentionsContains, type QueryEnv, searchExpression } from './query.js';
import type { RecordRepository, SortColumn } from './repository.js';
import { queryEnv, type RecordWhere, rowScope, ruleContext, scopeOnly } from './row-scope.js';
import { runnableFilter, type SavedQuery, savedContext } from './saved-view.js';

/**
 * The where-clauses of record reads: the member's row rule, a list's filter and search, a saved
 * view's own filter — compiled by query.ts against the metadata — and whether a filtered list walks
 * its order first.
 */
export class WherePlanner {
  constructor(
    private readonly repo: RecordRepository,
    private readonly now: () => number,
    /** The indexes lists read through (full text on SQLite); none: plain scans. */
    private readonly indexes?: RecordIndexes,
  ) {}

  /** The member's row rule as a where-clause. */
  async scope(ctx: SchemaContext): Promise<RecordWhere | undefined> {
    if (ctx.rights.rows.scope === 'all') return undefined;
    return scopeOnly(ctx, await queryEnv(ctx, this.repo, this.now()));
  }

  /**
   * The filter and search within the member's row rule, checked against the metadata, and the
   * saved view's own filter when the query names one.
   */
  async whereOf(
    ctx: SchemaContext,
    filter: FilterGroup | undefined,
    search: string | undefined,
    trx?: Kysely<Database>,
    saved?: SavedQuery,
  ): Promise<RecordWhere> {
    return (await this.wherePlans(ctx, filter, search, trx, saved)).where;
  }

  /**
   * `whereOf`'s where-clause; whether it searches text (a "contains" or the search box); the same
   * clause without the full-text narrowing (`plain`: plain LIKEs, for the ordered walk, which tests
   * rows as it reads them); and the table's ready indexes.
   */
  async wherePlans(
    ctx: SchemaContext,
    filter: FilterGroup | undefined,
    search: string | undefined,
    trx?: Kysely<Database>,
    saved?: SavedQuery,
  ): Promise<{ where: RecordWhere; plain: RecordWhere; text: boolean; ready: Set<string> }> {
    const both: FilterGroup = {
      op: 'and',
      conditions: [...(filter?.conditions ?? []), ...(saved?.filter?.conditions ?? [])],
    };
    const env = await queryEnv(ctx, this.repo, this.now(), both, trx);
    const text = Boolean(
      search?.trim() || mentionsContains(both) || rulesOf(ctx.rights.rows).some((r) => mentionsContains(r.filter)),
    );
    let ready = new Set<string>();
    if (this.indexes && text) {
      const indexes = await this.indexes.ready(ctx.schema.table_name);
      env.fulltext = indexes.fulltext;
      ready = indexes.names;
    }
    const viewCtx = saved ? savedContext(ctx, saved) : ctx;
    const viewFilter = saved ? runnableFilter(viewCtx, saved.filter, env) : undefined;
    const build =
      (e: QueryEnv): RecordWhere =>
      (eb) => {
        const parts = [];
        const scope = rowScope(eb, ctx, e);
        if (scope) parts.push(scope);
        if (viewFilter) parts.push(filterExpression(eb, viewCtx, viewFilter, e));
        if (filter) parts.push(filterExpression(eb, ctx, filter, e));
        const found = search ? searchExpression(eb, ctx, search, e.fulltext) : null;
        if (found) parts.push(found);
        return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
      };
    const { fulltext: _, ...bare } = env;
    return { where: build(env), plain: build(bare), text, ready };
  }

  /**
   * Whether a filtered list (no text search) walks its order first (issue 15): a broad filter with a
   * sort read every hit to sort them (an equality matching a twentieth of a million rows: 172 ms),
   * where walking the order's index and testing rows as they come fills the page after 50 ÷ share
   * rows. Not when a composite index gives this filter's page in order already (a saved view's, or a
   * list of its shape), nor before the order's index is ready (query.ts filteredWalkIndexes). When
   * every column the filter reads has its index, the hits are counted up to the walk's budget first
   * — a short index read — and a selective filter keeps its plan (its few hits read and sorted)
   * instead of paying the walk; otherwise that plan is a scan, and the walk goes first.
   */
  async walksFiltered(
    ctx: SchemaContext,
    filter: FilterGroup | undefined,
    saved: SavedQuery | undefined,
    sorts: SortColumn[],
    where: RecordWhere,
    budget: number,
  ): Promise<boolean> {
    const parts = [{ ctx, group: filter }];
    if (saved) parts.push({ ctx: savedContext(ctx, saved), group: saved.filter });
    // The creator rules (mine, my departments) have the creator's indexes already; a rule that
    // filters is a filter like the member's own.
    for (const rule of rulesOf(ctx.rights.rows))
      if (rule.scope === 'filter') parts.push({ ctx: ruleContext(ctx), group: rule.filter ?? undefined });
    if (!this.indexes || !parts.some((p) => p.group?.conditions.length)) return false;
    const table = ctx.schema.table_name;
    let plan: ReturnType<typeof filteredWalkIndexes>;
    try {
      plan = filteredWalkIndexes(table, parts, sorts);
    } catch {
      // A saved condition that no longer runs (its field deleted): the plan stays as it was.
      return false;
    }
    const ready = await this.indexes.readyNames(table);
    if ((plan.order && !ready.has(plan.order)) || plan.composites.some((name) => ready.has(name))) return false;
    if (plan.columns?.every((name) => ready.has(name)))
      return (await this.repo.count(table, ctx.schema.engine_code, where, budget + 1)) > budget;
    return true;
  }
}
