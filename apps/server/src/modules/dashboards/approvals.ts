import {
  APPROVAL_DURATION,
  ApprovalDimension,
  ItemType,
  type WidgetDimension,
  type WidgetMeasure,
  WorkItemState,
} from '@canopy/contract';
import { type Expression, expressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { RecordWhere } from '../records/row-scope.js';
import type { SchemaContext } from '../schema-context/context.js';
import { type DimensionPlan, invalidField, numberAggregate } from './dimension.js';

/*
 * A widget's approval figures (source 'approvals'): the completed approvals of the table's records —
 * work items of approval nodes their approver acted on — as the subquery `base`, one row per
 * approval with the columns the dimensions and the measure read. Only approvals of records the
 * viewer's row rule and the widget's filter select count: the records are narrowed first, exactly
 * as a records widget narrows them. Read through work_items_approvals_idx (schema, state, type and
 * every column read), without touching the work items' rows.
 */

/** The columns of `base`, by dimension. */
const COLUMNS: Record<
  ApprovalDimension,
  { column: string; kind: DimensionPlan['kind']; storage: DimensionPlan['storage'] }
> = {
  approver: { column: 'approver', kind: 'member', storage: 'value' },
  node: { column: 'node', kind: 'text', storage: 'value' },
  finishedAt: { column: 'finished_at', kind: 'date', storage: 'moment' },
};

const isApprovalDimension = (field: string): field is ApprovalDimension =>
  (ApprovalDimension as readonly string[]).includes(field);

/** Plans an approval dimension (refusing a record field: approvals have only their own). */
export function planApprovalDimension(d: WidgetDimension): DimensionPlan {
  if (!isApprovalDimension(d.field)) throw invalidField(d.field);
  const c = COLUMNS[d.field];
  return { kind: c.kind, column: c.column, type: d.field, storage: c.storage, granularity: d.granularity ?? 'month' };
}

/** An approval measure's SQL over `base`: their count, or the time at the node (sum, average, min, max). */
export function approvalMeasureSql(m: WidgetMeasure): RawBuilder<unknown> {
  if (m.aggregate === 'count') return sql`count(*)`;
  if (m.aggregate === 'distinct') {
    if (m.field === 'approver' || m.field === 'node') return sql`count(distinct ${sql.ref(`base.${m.field}`)})`;
    throw invalidField(m.field ?? m.aggregate);
  }
  if (m.field !== APPROVAL_DURATION) throw invalidField(m.field ?? m.aggregate);
  return numberAggregate(m.aggregate, sql.ref('base.duration'));
}

/** The completed approvals of the records `where` selects, as the subquery `base`. */
export function approvalsBase(ctx: SchemaContext, where: RecordWhere): RawBuilder<unknown> {
  // biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
  const filter: Expression<SqlBool> = where(expressionBuilder<any, any>());
  const engine = ctx.schema.engine_code;
  const records = sql`select id from ${sql.table(ctx.schema.table_name)} where engine_code = ${engine} and ${filter}`;
  return sql`(select w.participant_member_id as approver, w.node_name as node, w.finished_at as finished_at,
      w.finished_at - w.created_at as duration
    from work_items w
    join workflow_instances i on i.id = w.instance_id
    where w.schema_code = ${ctx.schema.code} and w.state = ${WorkItemState.Done}
      and w.item_type = ${ItemType.Approve} and w.engine_code = ${engine} and w.finished_at is not null
      and i.record_id in (${records})) as base`;
}
