import {
  completePermissions,
  type FieldAccessLevel,
  type FieldLevel,
  FULL_TABLE_RIGHTS,
  MANAGER_ROLE,
  type RowRule,
  type SchemaPermissionsInput,
  TableAction,
  type TablePermissions,
  type TableRoleRights,
  tablePermissionsOf,
} from '@canopy/contract';
import { formulaReferences } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import type { AppAccess } from '../apps/access.js';

/** Which records a member reaches: one rule, or the union of several roles' rules. */
export type MemberRows = RowRule | { scope: 'any'; rules: RowRule[] };

/**
 * What one member may do with one table: the union of the rights of the app roles they hold
 * (issue 27), worked out once per request. The owner and admin mode are unrestricted; a member
 * holding no role the table names gets nothing (管理员 without a rule of their own: everything).
 */
export interface MemberRights {
  /** null: the app owner or admin mode (no restriction at all); else the roles held, joined. */
  role: string | null;
  actions: Record<TableAction, boolean>;
  hidden: Set<string>;
  readonly: Set<string>;
  /** The records reached for viewing (lists, reads, exports, prints, dashboards, lookups). */
  rows: MemberRows;
  /** The records reached for editing and for deleting: those of the roles allowed to. */
  editRows: MemberRows;
  deleteRows: MemberRows;
}

const ALL_ROWS: RowRule = { scope: 'all' };
/** No record at all (a filter rule without a filter matches nothing). */
const NO_ROWS: RowRule = { scope: 'filter' };

/** The union of row rules: everything if one is "all". */
export function unionRows(rules: RowRule[]): MemberRows {
  if (!rules.length) return NO_ROWS;
  if (rules.some((r) => r.scope === 'all')) return ALL_ROWS;
  const seen = new Map(rules.map((r) => [JSON.stringify(r), r]));
  const distinct = [...seen.values()];
  return distinct.length === 1 ? (distinct[0] as RowRule) : { scope: 'any', rules: distinct };
}

/** The single rules of a member's rows. */
export function rulesOf(rows: MemberRows): RowRule[] {
  return rows.scope === 'any' ? (rows as { rules: RowRule[] }).rules : [rows as RowRule];
}

const levelOf = (r: TableRoleRights, code: string): FieldLevel => r.fields[code] ?? r.newFields;

/** The rights of the roles held on this table (管理员 without a rule of their own: everything). */
export function heldRights(roles: readonly string[], permissions: TablePermissions): TableRoleRights[] {
  return roles.flatMap((key) => {
    const rights = permissions.roles[key] ?? (key === MANAGER_ROLE ? FULL_TABLE_RIGHTS : undefined);
    return rights ? [rights] : [];
  });
}

/**
 * `fields`: the table's fields, so that a formula or lookup reading a hidden field is hidden too
 * (see derivedHidden). A field is hidden when every role that may view hides it; read-only unless a
 * role that may add or edit makes it editable. Rows: the union of the rules of the roles allowed.
 */
export function rightsOf(access: AppAccess, permissions: TablePermissions, fields: FieldsTable[]): MemberRights {
  if (access.isOwner || access.adminMode) {
    const actions = Object.fromEntries(TableAction.map((a) => [a, true])) as Record<TableAction, boolean>;
    return {
      role: null,
      actions,
      hidden: new Set(),
      readonly: new Set(),
      rows: ALL_ROWS,
      editRows: ALL_ROWS,
      deleteRows: ALL_ROWS,
    };
  }
  const held = heldRights(access.roles, permissions);
  const allowing = (action: TableAction) => held.filter((r) => r.actions.includes(action));
  const actions = Object.fromEntries(TableAction.map((a) => [a, allowing(a).length > 0])) as Record<
    TableAction,
    boolean
  >;
  const viewing = allowing('view');
  const seeing = viewing.length ? viewing : held;
  const writing = held.filter((r) => r.actions.includes('add') || r.actions.includes('edit'));
  const changing = writing.length ? writing : seeing;
  const codes = new Set([...fields.map((f) => f.code), ...held.flatMap((r) => Object.keys(r.fields))]);
  const hidden = new Set<string>();
  const readonly = new Set<string>();
  if (seeing.length) {
    for (const code of codes) {
      if (seeing.every((r) => levelOf(r, code) === 'hidden')) hidden.add(code);
      else if (changing.every((r) => levelOf(r, code) !== 'editable')) readonly.add(code);
    }
  }
  const allHidden = derivedHidden(fields, hidden);
  for (const code of allHidden) readonly.delete(code);
  return {
    role: access.roles.join(','),
    actions,
    hidden: allHidden,
    readonly,
    rows: unionRows(viewing.map((r) => r.rows)),
    editRows: unionRows(allowing('edit').map((r) => r.rows)),
    deleteRows: unionRows(allowing('delete').map((r) => r.rows)),
  };
}

/** The fields a derived field reads in its own table: a formula's names, a lookup's relation. */
function sources(field: FieldsTable, codesByName: Map<string, string[]>): string[] {
  let settings: { expression?: unknown; relationFieldCode?: unknown };
  try {
    settings = JSON.parse(field.settings) as typeof settings;
  } catch {
    return [];
  }
  if (field.type === 'formula' && typeof settings.expression === 'string')
    return formulaReferences(settings.expression).flatMap((name) => codesByName.get(name) ?? []);
  if (field.type === 'lookup' && typeof settings.relationFieldCode === 'string') return [settings.relationFieldCode];
  return [];
}

/**
 * The hidden fields plus every formula or lookup that reads one, directly or through other derived
 * fields: its value would reveal the hidden one (`LEFT({secret}, 9)`), in lists, exports, sorts and
 * filters alike. (A lookup's target field is the related table's own rule, checked when it is read.)
 * Every field of that name counts, deleted ones too: a formula keeps reading a name it was written with.
 */
export function derivedHidden(fields: FieldsTable[], hidden: ReadonlySet<string>): Set<string> {
  const out = new Set(hidden);
  if (!hidden.size) return out;
  const codesByName = new Map<string, string[]>();
  for (const f of fields) codesByName.set(f.name, [...(codesByName.get(f.name) ?? []), f.code]);
  const derived = fields
    .filter((f) => f.type === 'formula' || f.type === 'lookup')
    .map((f) => ({ code: f.code, reads: sources(f, codesByName) }));
  // Until nothing changes: each pass hides what reads something hidden (chains are short).
  for (let changed = true; changed; ) {
    changed = false;
    for (const d of derived) {
      if (out.has(d.code) || !d.reads.some((code) => out.has(code))) continue;
      out.add(d.code);
      changed = true;
    }
  }
  return out;
}

/** The member's field rules as the web app mirrors them. */
export function fieldAccessOf(rights: MemberRights): Record<string, FieldAccessLevel> {
  const out: Record<string, FieldAccessLevel> = {};
  for (const code of rights.hidden) out[code] = 'hidden';
  for (const code of rights.readonly) out[code] = 'readonly';
  return out;
}

/** Stored JSON as roles (a table stored in the old two-role shape reads as roles manager and member). */
export function parsePermissions(json: string): TablePermissions {
  return tablePermissionsOf(JSON.parse(json), (p: Partial<SchemaPermissionsInput>) => completePermissions(p));
}
