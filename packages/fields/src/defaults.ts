import { isRecord } from './definition.js';

/**
 * Defaults that depend on who creates the record and when (简道云's 当前用户, 当前用户所在部门, 今天,
 * 现在): stored as the field's default `{ dynamic: <kind> }` and worked out when a record is created
 * without the value — by the server, and by the new-record form to show it beforehand.
 */
export const DynamicDefault = ['currentUser', 'currentDepartment', 'today', 'now'] as const;
export type DynamicDefault = (typeof DynamicDefault)[number];

/** The dynamic defaults each field type offers. */
const KINDS: Record<string, readonly DynamicDefault[]> = {
  member: ['currentUser'],
  department: ['currentDepartment'],
  date: ['today'],
  datetime: ['now', 'today'],
};

export const dynamicDefaultsOf = (type: string): readonly DynamicDefault[] =>
  Object.hasOwn(KINDS, type) ? (KINDS[type] ?? []) : [];

/** The dynamic kind a stored or sent default names; null for a plain value. */
export function dynamicDefault(value: unknown): DynamicDefault | null {
  if (!isRecord(value) || Object.keys(value).length !== 1) return null;
  const kind = value.dynamic;
  return typeof kind === 'string' && (DynamicDefault as readonly string[]).includes(kind)
    ? (kind as DynamicDefault)
    : null;
}

/** Who creates the record, and when. */
export interface DefaultEnv {
  memberId: string;
  /** The creator's main department (当前用户所在部门); null: in none. */
  departmentId: string | null;
  now: number;
  /** The creator's (the team's) calendar day, 'YYYY-MM-DD', and the moment it started. */
  today: string;
  todayStart: number;
}

/** A dynamic default as the input value of a field of this type (member and department fields take lists). */
export function resolveDynamic(kind: DynamicDefault, type: string, env: DefaultEnv): unknown {
  switch (kind) {
    case 'currentUser':
      return [env.memberId];
    case 'currentDepartment':
      return env.departmentId ? [env.departmentId] : null;
    case 'today':
      return type === 'date' ? env.today : new Date(env.todayStart).toISOString();
    case 'now':
      return type === 'date' ? env.today : new Date(env.now).toISOString();
  }
}

/**
 * What a new record gets for a field left out: the stored default (JSON, '' for none) as an input
 * value, a dynamic one worked out for `env`. Without an env a dynamic default gives nothing.
 */
export function defaultInput(stored: unknown, type: string, env: DefaultEnv | null): unknown {
  const kind = dynamicDefault(stored);
  if (!kind) return stored;
  return env && dynamicDefaultsOf(type).includes(kind) ? resolveDynamic(kind, type, env) : null;
}
