import Type, { type Static } from 'typebox';
import { FilterGroup } from './views.js';

export const RecordAction = ['add', 'view', 'edit', 'delete', 'import', 'export'] as const;
export type RecordAction = (typeof RecordAction)[number];
export const AppRoleName = ['manager', 'member'] as const;
export type AppRoleName = (typeof AppRoleName)[number];
const Roles = Type.Array(Type.Union([Type.Literal('manager'), Type.Literal('member')]), { maxItems: 2 });

/** Field level: a role sees a field not at all, or reads it without changing it. */
export const FieldAccessLevel = ['hidden', 'readonly'] as const;
export type FieldAccessLevel = (typeof FieldAccessLevel)[number];
const Level = Type.Union([Type.Literal('hidden'), Type.Literal('readonly')]);
export const FieldRule = Type.Object(
  { manager: Type.Optional(Level), member: Type.Optional(Level) },
  { additionalProperties: false },
);

/**
 * Row level: which records a role reaches at all (lists, counts, reads, writes, exports, relations).
 * mine: created by me, or (memberField) a member field naming me; myDepartments: created by anyone
 * sharing a direct department with me; myDepartmentsTree: by anyone in my departments or their
 * sub-departments; headedDepartments: by anyone in the departments I head or their sub-departments.
 */
export const RowScope = ['all', 'mine', 'myDepartments', 'myDepartmentsTree', 'headedDepartments', 'filter'] as const;
export type RowScope = (typeof RowScope)[number];
const Scope = Type.Union([
  Type.Literal('all'),
  Type.Literal('mine'),
  Type.Literal('myDepartments'),
  Type.Literal('myDepartmentsTree'),
  Type.Literal('headedDepartments'),
  Type.Literal('filter'),
]);
export const RowRule = Type.Object(
  { scope: Scope, filter: Type.Optional(FilterGroup), memberField: Type.Optional(Type.String({ maxLength: 64 })) },
  { additionalProperties: false },
);
export type RowRule = Static<typeof RowRule>;

/** What a role may do with a table's records: the record actions and printing. */
export const TableAction = [...RecordAction, 'print'] as const;
export type TableAction = (typeof TableAction)[number];
const ActionSchema = Type.Union([
  Type.Literal('add'),
  Type.Literal('view'),
  Type.Literal('edit'),
  Type.Literal('delete'),
  Type.Literal('import'),
  Type.Literal('export'),
  Type.Literal('print'),
]);

export const FieldLevel = ['hidden', 'readonly', 'editable'] as const;
export type FieldLevel = (typeof FieldLevel)[number];
const LevelSchema = Type.Union([Type.Literal('hidden'), Type.Literal('readonly'), Type.Literal('editable')]);

/** One role's rights on one table. Fields not listed take `newFields`. */
export const TableRoleRights = Type.Object(
  {
    actions: Type.Array(ActionSchema, { maxItems: TableAction.length, uniqueItems: true }),
    fields: Type.Record(Type.String({ maxLength: 64 }), LevelSchema, { maxProperties: 500 }),
    newFields: LevelSchema,
    rows: RowRule,
  },
  { additionalProperties: false },
);
export type TableRoleRights = Static<typeof TableRoleRights>;

/**
 * A table's rights per app role, as the table endpoint answers them (issue 27): every role with
 * rights on the table, by key (管理员 always, with everything when it has no rule of its own). A role
 * missing has no rights on the table. Sent back, each listed role's rights are replaced and the
 * others kept.
 */
export const SchemaRolePermissions = Type.Object(
  { roles: Type.Record(Type.String({ maxLength: 64 }), TableRoleRights, { maxProperties: 51 }) },
  { additionalProperties: false },
);
export type SchemaRolePermissions = Static<typeof SchemaRolePermissions>;

/**
 * Who may do what to a table's records. Actions name the app roles allowed (the owner and admin
 * mode may do everything); `fields` hides or locks fields per role; `rows` narrows records per role.
 */
export const SchemaPermissions = Type.Object({
  add: Roles,
  view: Roles,
  edit: Roles,
  delete: Roles,
  import: Roles,
  export: Roles,
  fields: Type.Record(Type.String({ maxLength: 64 }), FieldRule),
  rows: Type.Object({ manager: RowRule, member: RowRule }, { additionalProperties: false }),
});
export type SchemaPermissions = Static<typeof SchemaPermissions>;
export const DEFAULT_SCHEMA_PERMISSIONS: SchemaPermissions = {
  add: ['manager', 'member'],
  view: ['manager', 'member'],
  edit: ['manager'],
  delete: ['manager'],
  import: ['manager'],
  export: ['manager', 'member'],
  fields: {},
  rows: { manager: { scope: 'all' }, member: { scope: 'all' } },
};
/** What a client may send: tables saved before import/export and field/row rules existed lack them. */
export const SchemaPermissionsInput = Type.Object(
  {
    add: Roles,
    view: Roles,
    edit: Roles,
    delete: Roles,
    import: Type.Optional(Roles),
    export: Type.Optional(Roles),
    fields: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), FieldRule, { maxProperties: 500 })),
    rows: Type.Optional(
      Type.Object({ manager: Type.Optional(RowRule), member: Type.Optional(RowRule) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export type SchemaPermissionsInput = Static<typeof SchemaPermissionsInput>;

/** Stored or sent permissions with every part present (missing parts take the defaults). */
export function completePermissions(p: Partial<SchemaPermissionsInput> | null | undefined): SchemaPermissions {
  const d = DEFAULT_SCHEMA_PERMISSIONS;
  return {
    add: p?.add ?? d.add,
    view: p?.view ?? d.view,
    edit: p?.edit ?? d.edit,
    delete: p?.delete ?? d.delete,
    import: p?.import ?? d.import,
    export: p?.export ?? d.export,
    fields: p?.fields ?? {},
    rows: { manager: p?.rows?.manager ?? d.rows.manager, member: p?.rows?.member ?? d.rows.member },
  };
}

const fieldInfoFields = {
  code: Type.String(),
  name: Type.String(),
  type: Type.String(),
  settings: Type.Record(Type.String(), Type.Unknown()),
  required: Type.Boolean(),
  unique: Type.Boolean(),
  description: Type.String(),
  /** Filled in when a new record leaves the field out. */
  defaultValue: Type.Unknown(),
  system: Type.Boolean(),
  deleted: Type.Boolean(),
};
export const FieldInfo = Type.Object(fieldInfoFields);
export type FieldInfo = Static<typeof FieldInfo>;

/**
 * Computing a table's formulas for the records it already has, after a formula field was added,
 * restored or its expression changed: batch by batch, with progress. `replaced`: a newer job of the
 * same table took over (it computes everything again).
 */
export const FormulaJob = Type.Object({
  id: Type.String(),
  fieldCode: Type.String(),
  state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed'), Type.Literal('replaced')]),
  total: Type.Integer(),
  processed: Type.Integer(),
});
export type FormulaJob = Static<typeof FormulaJob>;

/** A saved field; `recompute` when existing records get a formula computed (done already on small tables). */
export const FieldSaved = Type.Object({ ...fieldInfoFields, recompute: Type.Optional(FormulaJob) });
export type FieldSaved = Static<typeof FieldSaved>;

export const FormulaJobParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
  jobId: Type.String({ minLength: 1, maxLength: 64 }),
});

export const SchemaInfo = Type.Object({
  code: Type.String(),
  appCode: Type.String(),
  displayName: Type.String(),
  titleFieldCode: Type.String(),
  /** '{字段名}' placeholders, e.g. '{合同名称}（{合同编号}）'; '' uses the title field. */
  titleFormat: Type.String(),
  permissions: SchemaRolePermissions,
  fields: Type.Array(FieldInfo),
});
export type SchemaInfo = Static<typeof SchemaInfo>;

/** Spec §3 Schema permission: accessPermission.add and friends, for the current member. */
export const SchemaAccess = Type.Object({
  accessPermission: Type.Object({
    add: Type.Boolean(),
    view: Type.Boolean(),
    edit: Type.Boolean(),
    delete: Type.Boolean(),
    import: Type.Boolean(),
    export: Type.Boolean(),
    print: Type.Boolean(),
  }),
  /** Fields hidden from or read-only for this member (absent: full access). */
  fieldAccess: Type.Record(Type.String(), Level),
  /** Which records this member reaches ('any': the union of several roles' rules). */
  rowScope: Type.Union([Scope, Type.Literal('any')]),
  designable: Type.Boolean(),
});

export const SchemaParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
});
export const FieldParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
  fieldCode: Type.String({ minLength: 1, maxLength: 64 }),
});
export const RecordParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
  id: Type.String({ minLength: 1, maxLength: 64 }),
});

export const CreateFieldBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    type: Type.String({ maxLength: 32 }),
    settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    required: Type.Optional(Type.Boolean()),
    unique: Type.Optional(Type.Boolean()),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    defaultValue: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export const UpdateFieldBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    required: Type.Optional(Type.Boolean()),
    unique: Type.Optional(Type.Boolean()),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    defaultValue: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export const UpdateSchemaBody = Type.Object(
  {
    titleFieldCode: Type.Optional(Type.String({ maxLength: 64 })),
    titleFormat: Type.Optional(Type.String({ maxLength: 200 })),
    /** Per role (the answer's shape), or the old two-role shape (管理员 and 成员) older clients send. */
    permissions: Type.Optional(Type.Union([SchemaRolePermissions, SchemaPermissionsInput])),
  },
  { additionalProperties: false },
);

/** A record: its id, version (for conflict checks), system facts and field values by field code. */
export const RecordItem = Type.Object({
  id: Type.String(),
  /** The record's title by the table's title format (or title field). */
  title: Type.String(),
  version: Type.Integer(),
  createdBy: Type.String(),
  createdAt: Type.Integer(),
  modifiedBy: Type.String(),
  modifiedAt: Type.Integer(),
  data: Type.Record(Type.String(), Type.Unknown()),
  /** The record's approval flow: its instance state (spec numbers; null: never submitted) … */
  flowState: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** … and the names of the nodes it waits at ('' when none) … */
  flowNode: Type.Optional(Type.String()),
  /** … and, once finished (state 4), whether it ended approved or rejected. */
  flowResult: Type.Optional(Type.Union([Type.Literal('approved'), Type.Literal('rejected')])),
});
export type RecordItem = Static<typeof RecordItem>;

const RecordData = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown());
export const CreateRecordBody = Type.Object({ data: RecordData }, { additionalProperties: false });
export const UpdateRecordBody = Type.Object(
  { version: Type.Integer({ minimum: 1 }), data: RecordData },
  { additionalProperties: false },
);
/**
 * Restore from a record's history (issue 31), as a new write: `field` alone takes that field's value
 * after the entry `historyId`; without it every field the member may see goes back to how the record
 * was right after that entry. `version`: the record's version the member saw (a stale one answers 409).
 */
export const RestoreRecordBody = Type.Object(
  {
    historyId: Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9]+$' }),
    field: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type RestoreRecordBody = Static<typeof RestoreRecordBody>;
export const DeleteRecordQuery = Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) });
export const BatchRecordsBody = Type.Object(
  {
    create: Type.Optional(
      Type.Array(Type.Object({ data: RecordData }, { additionalProperties: false }), { maxItems: 500 }),
    ),
    update: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Type.String({ maxLength: 64 }), version: Type.Integer({ minimum: 1 }), data: RecordData },
          { additionalProperties: false },
        ),
        {
          maxItems: 500,
        },
      ),
    ),
    delete: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Type.String({ maxLength: 64 }), version: Type.Integer({ minimum: 1 }) },
          { additionalProperties: false },
        ),
        { maxItems: 500 },
      ),
    ),
  },
  { additionalProperties: false },
);
export const BatchResult = Type.Object({
  created: Type.Array(RecordItem),
  updated: Type.Array(RecordItem),
  deleted: Type.Array(Type.String()),
});
export const RecordListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  /** Opaque cursor from the previous page. */
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
export const RecordPage = Type.Object({ resultList: Type.Array(RecordItem), nextCursor: Type.String() });
export const HistoryEntry = Type.Object({
  /** The history row (what a restore names); absent on an import's one entry, which has no row of the record's own. */
  id: Type.Optional(Type.String()),
  action: Type.String(),
  memberId: Type.String(),
  userName: Type.String(),
  createdAt: Type.Integer(),
  changes: Type.Array(Type.Object({ field: Type.String(), from: Type.Unknown(), to: Type.Unknown() })),
  /** action `import`: the import that wrote the record (its one history entry) and its sheet's name. */
  importId: Type.Optional(Type.String()),
  fileName: Type.Optional(Type.String()),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

/** The form of a data table: what fill, detail and edit pages show. */
export const FormLayout = Type.Object(
  {
    columns: Type.Union([Type.Literal(1), Type.Literal(2)]),
    sections: Type.Array(
      Type.Object(
        {
          id: Type.String({ maxLength: 36 }),
          title: Type.String({ maxLength: 64 }),
          fields: Type.Array(
            Type.Object(
              {
                code: Type.String({ maxLength: 64 }),
                hidden: Type.Boolean(),
                readOnly: Type.Boolean(),
                helpText: Type.String({ maxLength: 500 }),
                /** Spans both columns of a two-column form. */
                wide: Type.Boolean(),
              },
              { additionalProperties: false },
            ),
            { maxItems: 500 },
          ),
        },
        { additionalProperties: false },
      ),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);
export type FormLayout = Static<typeof FormLayout>;

export const ChangeFieldTypeBody = Type.Object(
  {
    type: Type.String({ maxLength: 32 }),
    settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    /** Apply even though some values cannot be converted (they become empty). */
    force: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const FieldTypeChange = Type.Object({
  applied: Type.Boolean(),
  converted: Type.Integer(),
  /** Rows whose value would be lost (at most 100 listed), with the value as it is now. */
  lostRows: Type.Array(Type.Object({ id: Type.String(), value: Type.Unknown() })),
  lostCount: Type.Integer(),
  field: FieldInfo,
});

export const RemoveFieldQuery = Type.Object({
  /** Delete even though row rules name the field (they keep using its kept column). */
  force: Type.Optional(Type.Boolean()),
});
/**
 * What deleting a field did. When row rules name the field and `force` was not given, nothing is
 * deleted and `rowRules` lists the app roles (keys; `rowRuleNames` their names, same order) whose
 * rule names it, any of the app's roles (issue 27), for the designer to confirm.
 */
export const FieldRemoval = Type.Object({
  removed: Type.Boolean(),
  rowRules: Type.Array(Type.String()),
  rowRuleNames: Type.Array(Type.String()),
});
export type FieldRemoval = Static<typeof FieldRemoval>;

/** Does this row rule name the field: its filter at any depth, or a "mine" rule's member field? */
export function rowRuleNames(rule: RowRule, fieldCode: string): boolean {
  const names = (group: FilterGroup | undefined): boolean =>
    Boolean(
      group?.conditions.some((c) =>
        'conditions' in c ? names({ op: c.op, conditions: c.conditions }) : c.field === fieldCode,
      ),
    );
  if (rule.scope === 'mine') return rule.memberField === fieldCode;
  return rule.scope === 'filter' && names(rule.filter);
}

/** The roles (keys) whose row rule on the table names this field, any of the app's (issue 27). */
export function rowRulesNaming(roles: Record<string, { rows: RowRule }>, fieldCode: string): string[] {
  return Object.entries(roles)
    .filter(([, rights]) => rowRuleNames(rights.rows, fieldCode))
    .map(([key]) => key);
}

export const FieldOrderBody = Type.Object(
  { codes: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
