import {
  type AppRoleName,
  completePermissions,
  type FieldAccessLevel,
  type RecordAction,
  type RowRule,
  type SchemaPermissions,
  type SchemaPermissionsInput,
} from '@canopy/contract';
import { formulaReferences } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import type { AppAccess } from '../apps/access.js';

/**
 * What one member may do with one table, worked out once per request from the table's permissions
 * and the member's app role. The owner and admin mode are unrestricted; a member without a role
 * (or a role the table does not grant) gets nothing.
 */
export interface MemberRights {
  /** null: the app owner or admin mode (no restriction at all). */
  role: AppRoleName | null;
  actions: Record<RecordAction, boolean>;
  hidden: Set<string>;
  readonly: Set<string>;
  rows: RowRule;
}

const ALL_ROWS: RowRule = { scope: 'all' };

/**
 * `fields`: the table's fields, so that a formula or lookup reading a hidden field is hidden too
 * (see derivedHidden).
 */
export function rightsOf(access: AppAccess, permissions: SchemaPermissions, fields: FieldsTable[]): MemberRights {
  const unrestricted = access.isOwner || access.adminMode;
  const role: AppRoleName | null =
    unrestricted || (access.role !== 'manager' && access.role !== 'member') ? null : access.role;
  const grant = (action: RecordAction) => unrestricted || (role !== null && permissions[action].includes(role));
  const hidden = new Set<string>();
  const readonly = new Set<string>();
  if (role) {
    for (const [code, rule] of Object.entries(permissions.fields)) {
      if (rule[role] === 'hidden') hidden.add(code);
      else if (rule[role] === 'readonly') readonly.add(code);
    }
  }
  const allHidden = derivedHidden(fields, hidden);
  for (const code of allHidden) readonly.delete(code);
  return {
    role,
    actions: {
      add: grant('add'),
      view: grant('view'),
      edit: grant('edit'),
      delete: grant('delete'),
      import: grant('import'),
      export: grant('export'),
    },
    hidden: allHidden,
    readonly,
    rows: role ? permissions.rows[role] : ALL_ROWS,
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

/** Stored JSON (perhaps from before field and row rules existed) with every part present. */
export function parsePermissions(json: string): SchemaPermissions {
  return completePermissions(JSON.parse(json) as Partial<SchemaPermissionsInput>);
}
