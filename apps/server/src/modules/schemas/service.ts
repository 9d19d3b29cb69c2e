import { randomBytes } from 'node:crypto';
import {
  completePermissions,
  defaultTablePermissions,
  ErrorCode,
  ErrorType,
  type FieldInfo,
  type FieldRemoval,
  type FieldSaved,
  type FormulaJob,
  FULL_TABLE_RIGHTS,
  MANAGER_ROLE,
  rowRuleNames,
  type SchemaInfo,
  type SchemaPermissions,
  type SchemaPermissionsInput,
  type SchemaRolePermissions,
  type TablePermissions,
  type TableRoleRights,
  withTwoRoles,
} from '@canopy/contract';
import { dynamicDefault, dynamicDefaultsOf, fieldType } from '@canopy/fields';
import { type Kysely, sql } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import { appError, requireEdit } from '../apps/access.js';
import { changesBetween, recordAudit, tableEntry } from '../audit/record.js';
import type { FormulaJobStart, FormulaJobs } from '../records/formula-jobs.js';
import { checkRowRule } from '../records/row-scope.js';
import { allows, type SchemaContext, type SchemaContexts } from '../schema-context/context.js';
import { fieldAccessOf } from '../schema-context/permissions.js';
import { FieldRules } from './field-rules.js';
import { addPhysicalColumn, columnNameFor, createPhysicalTable, setUniqueIndex, tableNameFor } from './physical.js';

export function toFieldInfo(f: FieldsTable): FieldInfo {
  return {
    code: f.code,
    name: f.name,
    type: f.type,
    settings: JSON.parse(f.settings) as Record<string, unknown>,
    required: f.required === 1,
    unique: f.unique_flag === 1,
    description: f.description,
    defaultValue: f.default_value ? (JSON.parse(f.default_value) as unknown) : null,
    system: fieldType(f.type)?.system ?? false,
    deleted: f.deleted_at !== null,
  };
}

/** A table's stored rights as the table endpoint answers them: per role, 管理员 always present. */
export function rolePermissionsOf(p: TablePermissions): SchemaRolePermissions {
  const roles: Record<string, TableRoleRights> = { ...p.roles };
  roles[MANAGER_ROLE] ??= FULL_TABLE_RIGHTS;
  return { roles };
}

/** Designing data tables: each is a physical table whose columns follow its fields. */
export class SchemaService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly contexts: SchemaContexts,
    private readonly formulas: FormulaJobs,
    private readonly now: () => number = Date.now,
  ) {
    this.rules = new FieldRules(db);
  }

  private readonly rules: FieldRules;

  /** Called in the transaction that creates a Schema menu node: metadata and physical table together. */
  async createForNode(
    trx: Kysely<Database>,
    node: { code: string; app_code: string; engine_code: string },
  ): Promise<void> {
    const table = tableNameFor(node.code);
    // Every role of the app starts with 成员's old default (管理员: everything); the matrix narrows it.
    const roles = await trx.selectFrom('app_roles').select('role_key').where('app_code', '=', node.app_code).execute();
    await trx
      .insertInto('schemas')
      .values({
        code: node.code,
        app_code: node.app_code,
        engine_code: node.engine_code,
        table_name: table,
        title_field_code: '',
        permissions: JSON.stringify(defaultTablePermissions(roles.map((r) => r.role_key))),
        created_at: this.now(),
      })
      .execute();
    await createPhysicalTable(trx, table);
  }

  /** The table's formula computations running or just ended (for the designer's progress). */
  async formulaJobs(ctx: SchemaContext): Promise<FormulaJob[]> {
    requireEdit(ctx.access);
    return this.formulas.recent(ctx.schema.engine_code, ctx.schema.code);
  }

  async formulaJob(ctx: SchemaContext, jobId: string): Promise<FormulaJob> {
    requireEdit(ctx.access);
    const job = await this.formulas.find(ctx.schema.engine_code, ctx.schema.code, jobId);
    if (!job) throw new AppError(404, ErrorCode.notFound, 'formula.jobNotFound');
    return job;
  }

  info(ctx: SchemaContext): SchemaInfo {
    return {
      code: ctx.schema.code,
      appCode: ctx.schema.app_code,
      displayName: ctx.schema.display_name,
      titleFieldCode: ctx.schema.title_field_code,
      titleFormat: ctx.schema.title_format,
      permissions: rolePermissionsOf(ctx.permissions),
      fields: ctx.fields.map(toFieldInfo),
    };
  }

  access(ctx: SchemaContext) {
    return {
      accessPermission: {
        add: allows(ctx, 'add'),
        view: allows(ctx, 'view'),
        edit: allows(ctx, 'edit'),
        delete: allows(ctx, 'delete'),
        import: allows(ctx, 'import'),
        export: allows(ctx, 'export'),
        print: allows(ctx, 'print'),
      },
      fieldAccess: fieldAccessOf(ctx.rights),
      rowScope: ctx.rights.rows.scope,
      designable: ctx.access.canEdit,
    };
  }

  async update(
    ctx: SchemaContext,
    input: {
      titleFieldCode?: string;
      titleFormat?: string;
      permissions?: SchemaRolePermissions | SchemaPermissionsInput;
    },
  ): Promise<SchemaInfo> {
    requireEdit(ctx.access);
    // An empty change would reach the database as an UPDATE without columns.
    if (input.titleFieldCode === undefined && input.titleFormat === undefined && input.permissions === undefined)
      throw new AppError(400, ErrorCode.validationFailed, 'schema.nothingToChange', {}, ErrorType.validation);
    const permissions = !input.permissions
      ? null
      : 'roles' in input.permissions
        ? await this.withRoles(ctx, input.permissions)
        : withTwoRoles(ctx.permissions, this.checkPermissions(ctx, input.permissions));
    if (input.titleFieldCode && !ctx.fields.some((f) => f.code === input.titleFieldCode && f.deleted_at === null)) {
      throw appError(404, 'field.notFound');
    }
    const set = {
      ...(input.titleFieldCode !== undefined ? { title_field_code: input.titleFieldCode } : {}),
      ...(input.titleFormat !== undefined ? { title_format: input.titleFormat.trim() } : {}),
      ...(permissions ? { permissions: JSON.stringify(permissions) } : {}),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('schemas').set(set).where('code', '=', ctx.schema.code).execute();
      const before = {
        title_field_code: ctx.schema.title_field_code,
        title_format: ctx.schema.title_format,
        permissions: rolePermissionsOf(ctx.permissions),
      };
      const after = { ...set, ...(permissions ? { permissions: rolePermissionsOf(permissions) } : {}) };
      const action = permissions ? 'permission.update' : 'table.update';
      await recordAudit(
        trx,
        tableEntry(ctx, action, { type: 'schema', id: ctx.schema.code }, { changes: changesBetween(before, after) }),
        this.now(),
      );
    });
    return this.info(await this.contexts.reload(ctx));
  }

  /**
   * Field rules name fields of the table; row filters are checked like a view's (fields, operators).
   * Deleted fields count: their rules stay saved with the rest (a row rule keeps using the kept column).
   */
  private checkPermissions(ctx: SchemaContext, input: SchemaPermissionsInput): SchemaPermissions {
    const permissions = completePermissions(input);
    const known = new Set(ctx.fields.map((f) => f.code));
    for (const code of Object.keys(permissions.fields))
      if (!known.has(code)) throw new FieldValidationError([{ field: code, key: 'field.notFound' }]);
    for (const rule of Object.values(permissions.rows)) checkRowRule(ctx, rule);
    return permissions;
  }

  /**
   * Rights per role: each listed role (a role of the app) gets the rights sent, checked as the role
   * matrix checks them; roles not listed keep theirs.
   */
  private async withRoles(ctx: SchemaContext, input: SchemaRolePermissions): Promise<TablePermissions> {
    const keys = new Set(
      (
        await this.db
          .selectFrom('app_roles')
          .select('role_key')
          .where('engine_code', '=', ctx.schema.engine_code)
          .where('app_code', '=', ctx.schema.app_code)
          .execute()
      ).map((r) => r.role_key),
    );
    const known = new Set(ctx.fields.map((f) => f.code));
    const roles = { ...ctx.permissions.roles };
    for (const [key, rights] of Object.entries(input.roles)) {
      if (!keys.has(key)) throw new FieldValidationError([{ field: `permissions.roles.${key}`, key: 'role.notFound' }]);
      for (const code of Object.keys(rights.fields))
        if (!known.has(code))
          throw new FieldValidationError([{ field: `permissions.roles.${key}.fields.${code}`, key: 'field.notFound' }]);
      checkRowRule(ctx, rights.rows);
      roles[key] = { ...rights, actions: [...new Set(rights.actions)] };
    }
    return { v: 2, roles };
  }

  private checkName(ctx: SchemaContext, raw: string, exceptCode = ''): string {
    const name = raw.trim();
    if (!name) throw new FieldValidationError([{ field: 'name', key: 'field.nameEmpty' }]);
    if ([...name].length > 64)
      throw new FieldValidationError([{ field: 'name', key: 'validate.maxLength', params: { limit: 64 } }]);
    if (ctx.fields.some((f) => f.deleted_at === null && f.code !== exceptCode && f.name === name)) {
      throw new FieldValidationError([{ field: 'name', key: 'field.nameTaken' }]);
    }
    return name;
  }

  async addField(
    ctx: SchemaContext,
    input: {
      name: string;
      type: string;
      settings?: Record<string, unknown>;
      required?: boolean;
      unique?: boolean;
      description?: string;
      defaultValue?: unknown;
    },
  ): Promise<FieldSaved> {
    requireEdit(ctx.access);
    const name = this.checkName(ctx, input.name);
    const type = fieldType(input.type);
    if (!type) throw new FieldValidationError([{ field: 'type', key: 'field.unknownType' }]);
    const checked = type.checkSettings(input.settings ?? type.defaultSettings);
    if (!checked.ok) throw new FieldValidationError([{ field: 'settings', key: checked.key }]);
    if (type.references === 'record') await this.rules.checkRelationTarget(ctx, checked.settings);
    const code = `f${randomBytes(5).toString('hex')}`;
    if (type.type === 'formula') this.rules.checkFormula(ctx, { code, name, settings: checked.settings });
    if (type.type === 'lookup') await this.rules.checkLookup(ctx, checked.settings);
    const unique = Boolean(input.unique) && type.storage !== null && !type.system;
    const row: FieldsTable = {
      code,
      schema_code: ctx.schema.code,
      engine_code: ctx.schema.engine_code,
      name,
      type: type.type,
      column_name: type.storage ? columnNameFor(code) : '',
      settings: JSON.stringify(checked.settings),
      required: input.required && !type.system ? 1 : 0,
      unique_flag: unique ? 1 : 0,
      description: input.description?.trim() ?? '',
      sort_key: ctx.fields.reduce((max, f) => Math.max(max, f.sort_key + 1), 0),
      created_at: this.now(),
      deleted_at: null,
      default_value: this.defaultOf(type, checked.settings, input.defaultValue),
    };
    const job = await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('fields').values(row).execute();
      if (type.storage) await addPhysicalColumn(trx, ctx.schema.table_name, row.column_name, type.storage, unique);
      if (type.type === 'autoNumber') {
        await trx
          .insertInto('schema_counters')
          .values({ schema_code: ctx.schema.code, field_code: code, value: 0 })
          .execute();
      }
      await recordAudit(
        trx,
        tableEntry(ctx, 'field.create', { type: 'field', id: code }, { detail: { name, type: type.type } }),
        this.now(),
      );
      // Records the table already has get the new formula computed (formula-jobs.ts).
      return type.type === 'formula' ? this.formulas.enqueue(trx, ctx.schema, code) : null;
    });
    return this.saved(row, job);
  }

  /** The saved field, with the formula computation it started (launched now that its transaction committed). */
  private async saved(field: FieldsTable, job: FormulaJobStart | null): Promise<FieldSaved> {
    return job ? { ...toFieldInfo(field), recompute: await this.formulas.launch(job) } : toFieldInfo(field);
  }

  /** A default must be a valid value of the field itself, or a dynamic one it offers; stored as JSON, '' for none. */
  private defaultOf(type: NonNullable<ReturnType<typeof fieldType>>, settings: object, value: unknown): string {
    if (value === undefined || value === null || value === '' || type.system) return '';
    // 当前用户, 当前用户所在部门, 今天, 现在: kept as such, worked out when a record is created.
    const dynamic = dynamicDefault(value);
    if (dynamic) {
      if (!dynamicDefaultsOf(type.type).includes(dynamic))
        throw new FieldValidationError([{ field: 'defaultValue', key: 'validate.type' }]);
      return JSON.stringify({ dynamic });
    }
    // Fixed members, departments, records or files are no default: they may go (a member's is 当前用户).
    if (type.references) throw new FieldValidationError([{ field: 'defaultValue', key: 'validate.type' }]);
    const parsed = type.parse(value, settings);
    if (!parsed.ok) throw new FieldValidationError([{ field: 'defaultValue', key: parsed.key, params: parsed.params }]);
    return parsed.value === null ? '' : JSON.stringify(parsed.value);
  }

  private field(ctx: SchemaContext, fieldCode: string): FieldsTable {
    const field = ctx.fields.find((f) => f.code === fieldCode);
    if (!field) throw appError(404, 'field.notFound');
    return field;
  }

  async updateField(
    ctx: SchemaContext,
    fieldCode: string,
    input: {
      name?: string;
      settings?: Record<string, unknown>;
      required?: boolean;
      unique?: boolean;
      description?: string;
      defaultValue?: unknown;
    },
  ): Promise<FieldSaved> {
    requireEdit(ctx.access);
    const field = this.field(ctx, fieldCode);
    const type = fieldType(field.type);
    if (!type) throw new FieldValidationError([{ field: 'type', key: 'field.unknownType' }]);
    const patch: Partial<FieldsTable> = {};
    if (input.name !== undefined) patch.name = this.checkName(ctx, input.name, field.code);
    if (input.settings !== undefined) {
      const checked = type.checkSettings(input.settings);
      if (!checked.ok) throw new FieldValidationError([{ field: 'settings', key: checked.key }]);
      if (type.references === 'record') await this.rules.checkRelationTarget(ctx, checked.settings);
      if (type.type === 'formula')
        this.rules.checkFormula(ctx, { code: field.code, name: patch.name ?? field.name, settings: checked.settings });
      patch.settings = JSON.stringify(checked.settings);
    }
    if (input.required !== undefined) patch.required = input.required && !type.system ? 1 : 0;
    if (input.description !== undefined) patch.description = input.description.trim();
    if (input.defaultValue !== undefined) {
      patch.default_value = this.defaultOf(
        type,
        JSON.parse(patch.settings ?? field.settings) as object,
        input.defaultValue,
      );
    }
    const makeUnique = input.unique !== undefined && type.storage !== null && !type.system ? input.unique : undefined;
    if (makeUnique !== undefined) patch.unique_flag = makeUnique ? 1 : 0;
    const recompute =
      type.type === 'formula' &&
      patch.settings !== undefined &&
      (JSON.parse(patch.settings) as { expression: string }).expression !==
        (JSON.parse(field.settings) as { expression: string }).expression &&
      field.deleted_at === null;
    let job: FormulaJobStart | null = null;
    try {
      job = await this.db.transaction().execute(async (trx) => {
        if (Object.keys(patch).length)
          await trx.updateTable('fields').set(patch).where('code', '=', field.code).execute();
        if (makeUnique !== undefined && makeUnique !== (field.unique_flag === 1)) {
          await setUniqueIndex(trx, ctx.schema.table_name, field.column_name, makeUnique);
        }
        const changes = changesBetween(field as unknown as Record<string, unknown>, patch);
        const detail = { name: patch.name ?? field.name };
        await recordAudit(
          trx,
          tableEntry(ctx, 'field.update', { type: 'field', id: field.code }, { changes, detail }),
          this.now(),
        );
        // A changed expression means new values for every record the table already has.
        return recompute ? this.formulas.enqueue(trx, ctx.schema, field.code) : null;
      });
    } catch (err) {
      // Existing duplicates make the unique index impossible: say so on the field, change nothing.
      if (makeUnique) throw new FieldValidationError([{ field: 'unique', key: 'record.unique', label: field.name }]);
      throw err;
    }
    return this.saved({ ...field, ...patch }, job);
  }

  /** The designer's field order, written in one statement; fields left out keep their place after. */
  async orderFields(ctx: SchemaContext, codes: string[]): Promise<SchemaInfo> {
    requireEdit(ctx.access);
    const known = new Set(ctx.fields.map((f) => f.code));
    const listed = [...new Set(codes)].filter((c) => known.has(c));
    const rest = ctx.fields.filter((f) => !listed.includes(f.code)).map((f) => f.code);
    const order = [...listed, ...rest];
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('fields')
        .set({
          sort_key: sql<number>`case code ${sql.join(
            order.map((c, i) => sql`when ${c} then ${i}`),
            sql` `,
          )} else sort_key end`,
        })
        .where('schema_code', '=', ctx.schema.code)
        .execute();
      const entry = tableEntry(ctx, 'field.order', { type: 'schema', id: ctx.schema.code }, { detail: { order } });
      await recordAudit(trx, entry, this.now());
    });
    return this.info(await this.contexts.reload(ctx));
  }

  /**
   * A deleted field keeps its column and data, so it can be restored, and so row rules naming it keep
   * working (row-scope.ts). Those rules are reported; while any exists only `force` deletes, so the
   * designer has confirmed it.
   */
  async removeField(ctx: SchemaContext, fieldCode: string, force: boolean): Promise<FieldRemoval> {
    requireEdit(ctx.access);
    const field = this.field(ctx, fieldCode);
    const roles = await this.db
      .selectFrom('app_roles')
      .select(['role_key', 'name'])
      .where('app_code', '=', ctx.schema.app_code)
      .orderBy('sort_key')
      .orderBy('role_key')
      .execute();
    // Every role of the app whose rule on this table names the field (issue 27), in the matrix's order.
    const naming = roles.filter((r) => {
      const rule = ctx.permissions.roles[r.role_key]?.rows;
      return rule !== undefined && rowRuleNames(rule, field.code);
    });
    const rowRules = naming.map((r) => r.role_key);
    const namesOfRules = naming.map((r) => r.name);
    if (rowRules.length && !force) return { removed: false, rowRules, rowRuleNames: namesOfRules };
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('fields').set({ deleted_at: this.now() }).where('code', '=', field.code).execute();
      if (ctx.schema.title_field_code === field.code) {
        await trx.updateTable('schemas').set({ title_field_code: '' }).where('code', '=', ctx.schema.code).execute();
      }
      const entry = tableEntry(
        ctx,
        'field.delete',
        { type: 'field', id: field.code },
        { detail: { name: field.name } },
      );
      await recordAudit(trx, entry, this.now());
    });
    return { removed: true, rowRules, rowRuleNames: namesOfRules };
  }

  async restoreField(ctx: SchemaContext, fieldCode: string): Promise<FieldSaved> {
    requireEdit(ctx.access);
    const field = this.field(ctx, fieldCode);
    if (field.deleted_at === null) return toFieldInfo(field);
    if (ctx.fields.some((f) => f.deleted_at === null && f.name === field.name)) {
      throw new AppError(409, ErrorCode.conflict, 'field.nameTaken');
    }
    const job = await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('fields').set({ deleted_at: null }).where('code', '=', field.code).execute();
      const entry = tableEntry(
        ctx,
        'field.restore',
        { type: 'field', id: field.code },
        { detail: { name: field.name } },
      );
      await recordAudit(trx, entry, this.now());
      // Records written while it was deleted never got it computed.
      return field.type === 'formula' ? this.formulas.enqueue(trx, ctx.schema, field.code) : null;
    });
    return this.saved({ ...field, deleted_at: null }, job);
  }
}
