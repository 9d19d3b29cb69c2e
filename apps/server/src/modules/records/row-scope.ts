import type { FilterGroup } from '@canopy/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SchemaContext } from '../schema-context/context.js';
import { filterExpression, type QueryEnv } from './query.js';
import type { RecordRepository } from './repository.js';
import { DEFAULT_TIME_ZONE } from './time-zone.js';

// biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
type AnyEB = ExpressionBuilder<any, any>;

/** A where-clause for records: the member's row rule, perhaps with the view's filter and search. */
export type RecordWhere = (eb: AnyEB) => Expression<SqlBool>;

const mentionsMine = (group: FilterGroup | undefined) => Boolean(group && JSON.stringify(group).includes('isMine'));

/** What filters evaluate against: who is asking, their departments (only when something needs them), now. */
export async function queryEnv(
  ctx: SchemaContext,
  repo: RecordRepository,
  now: number,
  filter?: FilterGroup,
  trx?: Kysely<Database>,
): Promise<QueryEnv> {
  const rule = ctx.rights.rows;
  const needDepartments = rule.scope === 'myDepartments' || mentionsMine(rule.filter) || mentionsMine(filter);
  const memberId = ctx.access.tenant.memberId;
  const departmentIds = needDepartments ? await repo.departmentsOfMember(memberId, trx) : [];
  const colleagueIds = needDepartments ? await repo.membersOfDepartments(departmentIds, trx) : [];
  return { memberId, departmentIds, colleagueIds, now, timeZone: ctx.access.tenant.timeZone ?? DEFAULT_TIME_ZONE };
}

/**
 * The records this member reaches at all. Lists, counts, exports, reads, updates, deletes and
 * lookups all add it, so a record outside the rule is invisible everywhere alike. A rule's filter may
 * read fields the member cannot see: it is the table designer's rule, not the member's filter.
 */
export function rowScope(eb: AnyEB, ctx: SchemaContext, env: QueryEnv): Expression<SqlBool> | null {
  const rule = ctx.rights.rows;
  switch (rule.scope) {
    case 'all':
      return null;
    case 'mine':
      return eb('created_by', '=', env.memberId);
    case 'myDepartments':
      // Records created by anyone who shares a department with the member (and the member's own).
      if (!env.departmentIds.length) return eb('created_by', '=', env.memberId);
      return eb.or([
        eb('created_by', '=', env.memberId),
        eb(
          'created_by',
          'in',
          eb.selectFrom('member_departments').select('member_id').where('department_id', 'in', env.departmentIds),
        ),
      ]);
    case 'filter':
      if (!rule.filter) return sql<SqlBool>`1 = 0`;
      return filterExpression(eb, ruleContext(ctx), rule.filter, env);
  }
}

/**
 * The table as a row rule reads it. A rule is the designer's, not the member's filter: it may read
 * fields hidden from the member, and fields deleted since it was written — a deleted field keeps its
 * column, so the condition keeps matching the values records had (records written after the
 * deletion have none there). The rule never silently widens.
 */
export function ruleContext(ctx: SchemaContext): SchemaContext {
  return {
    ...ctx,
    fields: ctx.fields.map((f) => (f.deleted_at === null ? f : { ...f, deleted_at: null })),
    rights: { ...ctx.rights, hidden: new Set<string>() },
  };
}

/** The row rule alone, as a where-clause (everything when the rule is "all"). */
export function scopeOnly(ctx: SchemaContext, env: QueryEnv): RecordWhere {
  return (eb) => rowScope(eb, ctx, env) ?? sql<SqlBool>`1 = 1`;
}
