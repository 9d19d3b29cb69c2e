import {
  type AppRoleName,
  completePermissions,
  type FieldAccessLevel,
  type RecordAction,
  type RowRule,
  type SchemaPermissions,
  type SchemaPermissionsInput,
} from '@canopy/contract';
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

export function rightsOf(access: AppAccess, permissions: SchemaPermissions): MemberRights {
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
    hidden,
    readonly,
    rows: role ? permissions.rows[role] : ALL_ROWS,
  };
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
