import type { FilterGroup, RowRule } from '@canopy/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import { memberFacts } from '../apps/role-reach.js';
import type { SchemaContext } from '../schema-context/context.js';
import { type MemberRows, rulesOf } from '../schema-context/permissions.js';
import { filterExpression, type QueryEnv, validateFilter } from './query.js';
import type { RecordRepository } from './repository.js';
import { DEFAULT_TIME_ZONE } from './time-zone.js';

// biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
type AnyEB = ExpressionBuilder<any, any>;

/** A where-clause for records: the member's row rule, perhaps with the view's filter and search. */
export type RecordWhere = (eb: AnyEB) => Expression<SqlBool>;

const mentions = (group: FilterGroup | undefined, operator: string) =>
  Boolean(group && JSON.stringify(group).includes(`"${operator}"`));
const mentionsMine = (group: FilterGroup | undefined) => mentions(group, 'isMine');
const mentionsHeaded = (group: FilterGroup | undefined) => mentions(group, 'isHeadedByMe');
const TREE_SCOPES: RowRule['scope'][] = ['myDepartmentsTree', 'headedDepartments'];

/**
 * What filters evaluate against: who is asking, their departments (only when something needs them),
 * now. `rows`: the rule the query applies (the view rule unless an edit or delete asks for its own).
 */
export async function queryEnv(
  ctx: SchemaContext,
  repo: RecordRepository,
  now: number,
  filter?: FilterGroup,
  trx?: Kysely<Database>,
  rows: MemberRows = ctx.rights.rows,
): Promise<QueryEnv> {
  const rules = rulesOf(rows);
  const needHeaded = rules.some((r) => mentionsHeaded(r.filter)) || mentionsHeaded(filter);
  const needTree = needHeaded || rules.some((r) => TREE_SCOPES.includes(r.scope));
  const needDepartments =
    needTree || rules.some((r) => r.scope === 'myDepartments' || mentionsMine(r.filter)) || mentionsMine(filter);
  const tenant = ctx.access.tenant;
  const memberId = tenant.memberId;
  const departmentIds = needDepartments ? await repo.departmentsOfMember(memberId, trx) : [];
  const colleagueIds = needDepartments ? await repo.membersOfDepartments(departmentIds, trx) : [];
  const env: QueryEnv = { memberId, departmentIds, colleagueIds, now, timeZone: tenant.timeZone ?? DEFAULT_TIME_ZONE };
  if (needTree) {
    const facts = memberFacts(tenant, departmentIds, await repo.departmentTree(ctx.schema.engine_code, trx));
    env.departmentsDown = facts.departmentsDown;
    env.headedDown = facts.headedDown;
    if (needHeaded) env.headedMemberIds = await repo.membersOfDepartments(facts.headedDown, trx);
  }
  return env;
}

/**
 * The records this member reaches at all. Lists, counts, exports, reads, updates, deletes and
 * lookups all add it, so a record outside the rule is invisible everywhere alike. A rule's filter may
 * read fields the member cannot see: it is the table designer's rule, not the member's filter.
 */
export function rowScope(
  eb: AnyEB,
  ctx: SchemaContext,
  env: QueryEnv,
  rows: MemberRows = ctx.rights.rows,
): Expression<SqlBool> | null {
  const rules = rulesOf(rows);
  if (rules.length === 1) return ruleScope(eb, ctx, env, rules[0] as RowRule);
  // Several roles' rules: a record any of them reaches (one "all" reaches every record).
  const parts: Expression<SqlBool>[] = [];
  for (const rule of rules) {
    const part = ruleScope(eb, ctx, env, rule);
    if (!part) return null;
    parts.push(part);
  }
  return eb.or(parts);
}

/** Records created by me or by members of these departments. */
function createdIn(eb: AnyEB, env: QueryEnv, departmentIds: string[] | undefined): Expression<SqlBool> {
  if (!departmentIds?.length) return eb('created_by', '=', env.memberId);
  return eb.or([
    eb('created_by', '=', env.memberId),
    eb(
      'created_by',
      'in',
      eb.selectFrom('member_departments').select('member_id').where('department_id', 'in', departmentIds),
    ),
  ]);
}

function ruleScope(eb: AnyEB, ctx: SchemaContext, env: QueryEnv, rule: RowRule): Expression<SqlBool> | null {
  switch (rule.scope) {
    case 'all':
      return null;
    case 'mine': {
      const mine = eb('created_by', '=', env.memberId);
      if (!rule.memberField) return mine;
      // Or a member field naming me (its rule may read a field hidden from me, like a filter rule).
      const named = filterExpression(
        eb,
        ruleContext(ctx),
        { op: 'and', conditions: [{ field: rule.memberField, operator: 'isMe' }] },
        env,
      );
      return eb.or([mine, named]);
    }
    case 'myDepartmentsTree':
      return createdIn(eb, env, env.departmentsDown);
    case 'headedDepartments':
      return createdIn(eb, env, env.headedDown);
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
export function scopeOnly(ctx: SchemaContext, env: QueryEnv, rows: MemberRows = ctx.rights.rows): RecordWhere {
  return (eb) => rowScope(eb, ctx, env, rows) ?? sql<SqlBool>`1 = 1`;
}

/**
 * A row rule as a designer saves it: a filter names fields of the table with their operators (like
 * a view's); "mine" through a member field names a member field of the table.
 */
export function checkRowRule(ctx: SchemaContext, rule: RowRule): void {
  if (rule.scope === 'filter') {
    if (!rule.filter) throw new FieldValidationError([{ field: 'rows', key: 'filter.missing' }]);
    validateFilter(ruleContext(ctx), rule.filter);
  }
  if (rule.memberField !== undefined) {
    const field = ctx.fields.find((f) => f.code === rule.memberField);
    if (rule.scope !== 'mine' || field?.type !== 'member')
      throw new FieldValidationError([{ field: 'rows.memberField', key: 'field.notFound' }]);
  }
}
