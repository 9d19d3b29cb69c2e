import { type DateGranularity, ErrorCode, type FilterGroup, type WidgetDimension } from '@canopy/contract';
import { type RawBuilder, sql } from 'kysely';
import { AppError } from '../../http/app-error.js';
import { columnOf } from '../records/query.js';
import type { SchemaContext } from '../schema-context/context.js';

/*
 * What a widget reads of its table: how a dimension groups the rows, and the fields a filter names.
 * Shared by the figures (aggregate.ts) and the roll-ups kept for them (rollup.ts).
 */

/** How a widget's dimension groups the rows. */
/** state: 流程状态, a small integer kept on the record row by the workflow engine (its group key is its text). */
export type DimensionKind = 'text' | 'select' | 'list' | 'people' | 'member' | 'date' | 'state';

export interface DimensionPlan {
  kind: DimensionKind;
  column: string;
  /** The field's type (singleSelect, multiSelect, member, department, createdBy …). */
  type: string;
  granularity: DateGranularity;
  /**
   * date: a 'YYYY-MM-DD' text column; moment: epoch milliseconds; localDay: a moment already turned
   * into the local day by preKey (days since 1970, an integer).
   */
  storage: 'date' | 'moment' | 'localDay' | 'value';
}

/** A dimension or measure its field cannot serve: 400 dashboard.fieldInvalid. */
export function invalidField(detail: string): AppError {
  return new AppError(400, ErrorCode.validationFailed, 'dashboard.fieldInvalid', { detail }, 'VALIDATION');
}

/** Checks a dimension against the table (refusing what cannot be grouped) and plans it. */
export function planDimension(ctx: SchemaContext, d: WidgetDimension): DimensionPlan {
  const column = columnOf(ctx, d.field);
  const base = { column: column.name, type: column.type, granularity: d.granularity ?? 'month' } as const;
  switch (column.family) {
    case 'text':
      if (column.type === 'richText') throw invalidField(column.label);
      return { ...base, kind: 'text', storage: 'value' };
    case 'choice':
      return { ...base, kind: 'select', storage: 'value' };
    case 'list':
      if (column.type !== 'multiSelect') throw invalidField(column.label);
      return { ...base, kind: 'list', storage: 'value' };
    case 'people':
      return { ...base, kind: 'people', storage: 'value' };
    case 'member':
      return { ...base, kind: 'member', storage: 'value' };
    case 'date':
      return { ...base, kind: 'date', storage: 'date' };
    case 'moment':
      return { ...base, kind: 'date', storage: 'moment' };
    case 'flowState':
      return { ...base, kind: 'state', storage: 'value' };
    default:
      throw invalidField(column.label);
  }
}

/** Every field a filter names (nested groups too). */
export function filterFields(group: FilterGroup | undefined): string[] {
  if (!group) return [];
  return group.conditions.flatMap((c) =>
    'conditions' in c ? filterFields({ op: c.op, conditions: c.conditions }) : [c.field],
  );
}

/** A numeric column summed up: sum, average, minimum or maximum (records' numbers, approvals' durations). */
export function numberAggregate(
  aggregate: 'sum' | 'avg' | 'min' | 'max',
  ref: RawBuilder<unknown>,
): RawBuilder<unknown> {
  switch (aggregate) {
    case 'sum':
      return sql`sum(${ref})`;
    case 'avg':
      return sql`avg(${ref})`;
    case 'min':
      return sql`min(${ref})`;
    case 'max':
      return sql`max(${ref})`;
  }
}
