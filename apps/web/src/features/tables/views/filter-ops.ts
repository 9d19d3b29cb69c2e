import {
  type FilterCondition as ContractCondition,
  type FilterGroup as ContractFilterGroup,
  FILTER_FAMILY,
  FILTER_OPERATORS,
  type FieldInfo,
  type FilterFamily,
  type FilterOperator,
  RelativeDate,
} from '@canopy/contract';

/** A condition and a group of filters: the contract's types, used as they are. */
export type FilterCondition = ContractCondition;
export type FilterGroup = ContractFilterGroup;

/** The operator families the server accepts, from the contract (shared with the server's query). */
export type Family = FilterFamily;
export const FAMILY = FILTER_FAMILY;
export const OPERATORS = FILTER_OPERATORS;

/** The record columns every table has; field types of the same name point at them. */
export const SYSTEM_FIELDS = ['createdAt', 'modifiedAt', 'createdBy', 'modifiedBy'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];
const SYSTEM_FAMILY: Record<SystemField, Family> = {
  createdAt: 'moment',
  modifiedAt: 'moment',
  createdBy: 'member',
  modifiedBy: 'member',
};
const isSystem = (code: string): code is SystemField => (SYSTEM_FIELDS as readonly string[]).includes(code);

/** A field as filters and sorts name it: `code` is what the query sends. */
export interface QueryField {
  code: string;
  name: string;
  type: string;
  family: Family;
  field?: FieldInfo;
}

/** The approval flow's system columns (流程状态, 当前节点), on tables with a flow. */
export const FLOW_FIELDS = ['flowState', 'flowNode'] as const;
export type FlowField = (typeof FLOW_FIELDS)[number];
const FLOW_FAMILY: Record<FlowField, Family> = { flowState: 'flowState', flowNode: 'text' };

/** Spec §3 instance states a flow status filter offers. */
export const FLOW_STATES = [0, 1, 2, 3, 4, 5, 6, 7] as const;

/**
 * Fields a member may filter by: live, not hidden from them, of a type the server can query. Fields
 * of a system type (创建时间 …) are sent as the system column they show; system columns the table
 * has no field for are added with their plain names; a table with a flow adds its flow columns.
 */
export function queryFields(
  fields: FieldInfo[],
  hidden: (code: string) => boolean,
  systemNames: Record<SystemField, string>,
  flowNames?: Record<FlowField, string>,
): QueryField[] {
  const out: QueryField[] = [];
  const covered = new Set<string>();
  for (const f of fields) {
    if (f.deleted || hidden(f.code)) continue;
    if (isSystem(f.type)) {
      if (covered.has(f.type)) continue;
      covered.add(f.type);
      out.push({ code: f.type, name: f.name, type: f.type, family: SYSTEM_FAMILY[f.type], field: f });
      continue;
    }
    const family = FAMILY[f.type];
    if (family) out.push({ code: f.code, name: f.name, type: f.type, family, field: f });
  }
  for (const code of SYSTEM_FIELDS) {
    if (!covered.has(code)) out.push({ code, name: systemNames[code], type: code, family: SYSTEM_FAMILY[code] });
  }
  if (flowNames)
    for (const code of FLOW_FIELDS) out.push({ code, name: flowNames[code], type: code, family: FLOW_FAMILY[code] });
  return out;
}

/** Lists (multi-select, relations, people) hold several values and cannot be sorted by. */
export const sortable = (f: QueryField): boolean => f.family !== 'list' && f.family !== 'people';

/**
 * Operators offered for a field. The server accepts isMe and isMine on every people field; we offer
 * "is me" where it can match (members, creator/modifier) and "my department" on people fields.
 */
export function operatorsFor(f: QueryField): FilterOperator[] {
  const ops = OPERATORS[f.family];
  if (f.family === 'people' && f.type === 'department') return ops.filter((o) => o !== 'isMe');
  return ops;
}

/** What a condition's value looks like, so the panel shows the right input. */
export type ValueShape =
  | 'none'
  | 'text'
  | 'number'
  | 'numberRange'
  | 'date'
  | 'dateRange'
  | 'option'
  | 'options'
  | 'id';

export function valueShape(f: QueryField, op: FilterOperator): ValueShape {
  if (['empty', 'notEmpty', 'isTrue', 'isFalse', 'isMe', 'isMine', 'isHeadedByMe'].includes(op)) return 'none';
  switch (f.family) {
    case 'text':
      return 'text';
    case 'number':
      return op === 'between' ? 'numberRange' : 'number';
    case 'date':
    case 'moment':
      return op === 'between' ? 'dateRange' : 'date';
    case 'choice':
    case 'flowState':
      return op === 'in' || op === 'notIn' ? 'options' : 'option';
    case 'list':
      return f.type === 'multiSelect' ? 'option' : 'id';
    case 'people':
    case 'member':
      return op === 'in' ? 'options' : 'id';
    default:
      return 'none';
  }
}

/** A fitting first operator when a field is picked. */
export function defaultOperator(f: QueryField): FilterOperator {
  const ops = operatorsFor(f);
  if (f.family === 'flag') return 'isTrue';
  if (f.family === 'people' || f.family === 'member') return ops.includes('isMe') ? 'isMe' : 'contains';
  return ops[0] ?? 'eq';
}

export const RELATIVE_DATES: readonly RelativeDate[] = RelativeDate;
export const isRelativeDate = (v: unknown): v is RelativeDate =>
  typeof v === 'string' && (RELATIVE_DATES as readonly string[]).includes(v);

/** Whether a condition has what its operator needs (the server refuses a comparison without a value). */
export function isComplete(c: FilterCondition, f: QueryField | undefined): boolean {
  if (!f || !operatorsFor(f).includes(c.operator)) return false;
  const shape = valueShape(f, c.operator);
  const v = c.value;
  const filled = (x: unknown) => x !== undefined && x !== null && x !== '';
  switch (shape) {
    case 'none':
      return true;
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'numberRange':
      return Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
    case 'dateRange':
      return Array.isArray(v) && v.length === 2 && v.every(filled);
    case 'options':
      return Array.isArray(v) && v.length > 0;
    default:
      return filled(v);
  }
}

const isGroup = (c: FilterGroup['conditions'][number]): c is { op: 'and' | 'or'; conditions: FilterCondition[] } =>
  'conditions' in c;

/**
 * The part of a filter the server can run: conditions still being filled in and empty groups are
 * left out, so editing the panel never makes the list fail. Undefined when nothing is left.
 */
export function runnableFilter(group: FilterGroup | undefined, fields: QueryField[]): FilterGroup | undefined {
  if (!group) return undefined;
  const byCode = new Map(fields.map((f) => [f.code, f]));
  const conditions: FilterGroup['conditions'] = [];
  for (const c of group.conditions) {
    if (isGroup(c)) {
      const inner = c.conditions.filter((x) => isComplete(x, byCode.get(x.field)));
      if (inner.length) conditions.push({ op: c.op, conditions: inner });
    } else if (isComplete(c, byCode.get(c.field))) conditions.push(c);
  }
  return conditions.length ? { op: group.op, conditions } : undefined;
}

/**
 * A view's filter with more conditions that must all hold (the calendar's month). Groups nest one
 * level only, so an OR filter is distributed: (a or (b and c)) and m = (a and m) or (b and c and m).
 */
export function withConditions(group: FilterGroup | undefined, extra: FilterCondition[]): FilterGroup | undefined {
  if (!group?.conditions.length) return extra.length ? { op: 'and', conditions: extra } : undefined;
  if (!extra.length) return group;
  if (group.op === 'and') return { op: 'and', conditions: [...group.conditions, ...extra] };
  const branches: FilterGroup['conditions'] = [];
  for (const c of group.conditions) {
    if (!isGroup(c)) branches.push({ op: 'and', conditions: [c, ...extra] });
    else if (c.op === 'and') branches.push({ op: 'and', conditions: [...c.conditions, ...extra] });
    else for (const x of c.conditions) branches.push({ op: 'and', conditions: [x, ...extra] });
  }
  return { op: 'or', conditions: branches };
}

/** How many conditions a filter holds (the toolbar shows it). */
export function conditionCount(group: FilterGroup | undefined): number {
  if (!group) return 0;
  return group.conditions.reduce((n, c) => n + (isGroup(c) ? c.conditions.length : 1), 0);
}

export { isGroup as isFilterGroup };
