import Type, { type Static } from 'typebox';
import {
  AppRoleName,
  type FieldAccessLevel,
  type FieldLevel,
  RecordAction,
  type SchemaPermissions,
  type SchemaPermissionsInput,
  TableAction,
  TableRoleRights,
} from './schemas.js';

/**
 * App roles (issue 27): any number per app, granted to members, departments, team roles and
 * everyone; per table and role the actions, field levels and row rule. A member's rights are the
 * union of their roles' (server: schema-context/permissions.ts).
 */

/** Most roles an app may have (所有者 is not one; 管理员 is). */
export const APP_ROLE_LIMIT = 50;
/** The fixed role of the app's 管理员 (designers): its table rights default to everything. */
export const MANAGER_ROLE = 'manager';
/** The role every new app gets (成员), and that migrated apps' members hold. */
export const MEMBER_ROLE = 'member';

/** A table's stored permissions: per role key. A role missing has no rights there (管理员: all). */
export interface TablePermissions {
  v: 2;
  roles: Record<string, TableRoleRights>;
}

export const FULL_TABLE_RIGHTS: TableRoleRights = {
  actions: [...TableAction],
  fields: {},
  newFields: 'editable',
  rows: { scope: 'all' },
};
export const NO_TABLE_RIGHTS: TableRoleRights = {
  actions: [],
  fields: {},
  newFields: 'editable',
  rows: { scope: 'all' },
};

/** A new table: 管理员 may do everything; 成员 adds, views and exports their team's records as before. */
export function defaultTablePermissions(roleKeys: readonly string[]): TablePermissions {
  const roles: Record<string, TableRoleRights> = {};
  for (const key of roleKeys)
    roles[key] =
      key === MANAGER_ROLE
        ? FULL_TABLE_RIGHTS
        : { actions: ['add', 'view', 'export', 'print'], fields: {}, newFields: 'editable', rows: { scope: 'all' } };
  return { v: 2, roles };
}

/** The old two-role shape (manager, member) as roles: print went with view. */
export function fromTwoRoles(p: SchemaPermissions): TablePermissions {
  const roles: Record<string, TableRoleRights> = {};
  for (const role of AppRoleName) {
    const actions: TableAction[] = RecordAction.filter((a) => p[a].includes(role));
    if (actions.includes('view')) actions.push('print');
    const fields: Record<string, FieldLevel> = {};
    for (const [code, rule] of Object.entries(p.fields)) {
      const level = rule[role];
      if (level) fields[code] = level;
    }
    roles[role] = { actions, fields, newFields: 'editable', rows: p.rows[role] };
  }
  return { v: 2, roles };
}

/** The roles manager and member in the old two-role shape (the table designer's dialog reads it). */
export function toTwoRoles(p: TablePermissions): SchemaPermissions {
  const rightsOf = (role: AppRoleName) =>
    p.roles[role] ?? (role === MANAGER_ROLE ? FULL_TABLE_RIGHTS : NO_TABLE_RIGHTS);
  const has = (action: RecordAction) => AppRoleName.filter((r) => rightsOf(r).actions.includes(action));
  const fields: SchemaPermissions['fields'] = {};
  for (const role of AppRoleName) {
    for (const [code, level] of Object.entries(rightsOf(role).fields)) {
      if (level === 'editable') continue;
      fields[code] = { ...fields[code], [role]: level as FieldAccessLevel };
    }
  }
  return {
    add: has('add'),
    view: has('view'),
    edit: has('edit'),
    delete: has('delete'),
    import: has('import'),
    export: has('export'),
    fields,
    rows: { manager: rightsOf('manager').rows, member: rightsOf('member').rows },
  };
}

/**
 * The old shape written over roles manager and member, keeping what it cannot say (print, new
 * fields' level, other roles).
 */
export function withTwoRoles(p: TablePermissions, two: SchemaPermissions): TablePermissions {
  const next = fromTwoRoles(two);
  const roles = { ...p.roles };
  for (const role of AppRoleName) {
    const before = p.roles[role];
    const after = next.roles[role] as TableRoleRights;
    const print = before ? before.actions.includes('print') : after.actions.includes('view');
    roles[role] = {
      ...after,
      actions: [...after.actions.filter((a) => a !== 'print'), ...(print ? (['print'] as const) : [])],
      newFields: before?.newFields ?? 'editable',
    };
  }
  return { v: 2, roles };
}

/** Stored JSON of either shape, as roles. */
export function tablePermissionsOf(
  stored: unknown,
  complete: (p: Partial<SchemaPermissionsInput>) => SchemaPermissions,
) {
  const p = stored as Partial<TablePermissions> | null;
  if (p && p.v === 2 && p.roles && typeof p.roles === 'object') return { v: 2, roles: p.roles } as TablePermissions;
  return fromTwoRoles(complete((stored ?? {}) as Partial<SchemaPermissionsInput>));
}

/** Who a grant gives a role to. teamRole: 'admin' (the team's owner and administrators). */
export const RoleGrantKind = ['member', 'department', 'departmentTree', 'teamRole', 'everyone'] as const;
export type RoleGrantKind = (typeof RoleGrantKind)[number];
export const RoleGrant = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('member'),
      Type.Literal('department'),
      Type.Literal('departmentTree'),
      Type.Literal('teamRole'),
      Type.Literal('everyone'),
    ]),
    /** member id, department id, 'admin', or '' for everyone. */
    target: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type RoleGrant = Static<typeof RoleGrant>;

/** One role as the settings page shows it. `nodes`/`flows` null: every menu item / every flow. */
export const AppRoleItem = Type.Object({
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** 管理员: fixed (not renamed, copied from or deleted; its members are the app's managers). */
  fixed: Type.Boolean(),
  nodes: Type.Union([Type.Array(Type.String()), Type.Null()]),
  flows: Type.Union([Type.Array(Type.String()), Type.Null()]),
  grants: Type.Array(Type.Object({ kind: Type.String(), target: Type.String(), name: Type.String() })),
});
export type AppRoleItem = Static<typeof AppRoleItem>;

/** The matrix: every role, and per table each role's rights (null: none). */
export const AppRoleMatrix = Type.Object({
  roles: Type.Array(AppRoleItem),
  tables: Type.Array(
    Type.Object({
      schemaCode: Type.String(),
      name: Type.String(),
      rights: Type.Record(Type.String(), Type.Union([TableRoleRights, Type.Null()])),
    }),
  ),
});
export type AppRoleMatrix = Static<typeof AppRoleMatrix>;

const Name = Type.String({ maxLength: 30 });
const Description = Type.String({ maxLength: 200 });
const NodeList = Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 }), Type.Null()]);

export const CreateAppRoleBody = Type.Object(
  { name: Name, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export const UpdateAppRoleBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    nodes: Type.Optional(NodeList),
    flows: Type.Optional(NodeList),
  },
  { additionalProperties: false },
);
export const CopyAppRoleBody = Type.Object({ name: Name }, { additionalProperties: false });
export const RoleGrantsBody = Type.Object(
  { grants: Type.Array(RoleGrant, { maxItems: 500 }) },
  { additionalProperties: false },
);
export const RoleTableRightsBody = Type.Object({ rights: TableRoleRights }, { additionalProperties: false });

export const AppRoleParams = Type.Object({
  appCode: Type.String({ maxLength: 64 }),
  roleKey: Type.String({ maxLength: 64 }),
});
export const AppRoleTableParams = Type.Object({
  appCode: Type.String({ maxLength: 64 }),
  roleKey: Type.String({ maxLength: 64 }),
  schemaCode: Type.String({ maxLength: 64 }),
});
