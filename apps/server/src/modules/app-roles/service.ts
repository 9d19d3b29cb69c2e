import { randomBytes } from 'node:crypto';
import {
  APP_ROLE_LIMIT,
  type AppRoleItem,
  type AppRoleMatrix,
  FULL_TABLE_RIGHTS,
  MANAGER_ROLE,
  type RoleGrant,
  type TablePermissions,
  type TableRoleRights,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { type AppAccess, appError, requireEdit, resolveApp } from '../apps/access.js';
import type { AppRepository } from '../apps/repository.js';
import { parseList } from '../apps/role-reach.js';
import { recordAudit } from '../audit/record.js';
import { checkRowRule } from '../records/row-scope.js';
import type { SchemaContexts } from '../schema-context/context.js';
import { parsePermissions } from '../schema-context/permissions.js';
import { DirectoryRepository } from '../workflow/directory-repository.js';
import type { AppRolesRepository, RoleRecord } from './repository.js';

type Db = Kysely<Database>;

const dropGrants = (trx: Db, appCode: string, roleKey: string) =>
  trx.deleteFrom('app_role_grants').where('app_code', '=', appCode).where('role_key', '=', roleKey).execute();

const nameError = (key: 'role.nameEmpty' | 'role.nameTaken') => new FieldValidationError([{ field: 'name', key }]);

/**
 * An app's roles (issue 27): the designers (owner, 管理员, admin mode) list, add, rename, copy and
 * delete them, grant them, and set each role's rights per table. The rights themselves are applied
 * by schema-context/permissions.ts, the one place that works out a member's union of roles.
 */
export class AppRolesService {
  constructor(
    private readonly db: Db,
    private readonly apps: AppRepository,
    private readonly repo: AppRolesRepository,
    private readonly contexts: SchemaContexts,
    private readonly now: () => number = Date.now,
  ) {}

  private async designer(tenant: TenantContext | null, appCode: string, admin: boolean): Promise<AppAccess> {
    const access = await resolveApp(this.apps, tenant, appCode, admin);
    requireEdit(access);
    return access;
  }

  private async role(appCode: string, key: string, db: Db = this.db): Promise<RoleRecord> {
    const role = (await this.repo.roles(appCode, db)).find((r) => r.role_key === key);
    if (!role) throw appError(404, 'role.notFound');
    return role;
  }

  private async items(appCode: string): Promise<AppRoleItem[]> {
    const [roles, grants] = await Promise.all([this.repo.roles(appCode), this.repo.grants(appCode)]);
    return roles.map((r) => ({
      key: r.role_key,
      name: r.name,
      description: r.description,
      fixed: r.role_key === MANAGER_ROLE,
      nodes: r.nodes === null ? null : parseList(r.nodes),
      flows: r.flows === null ? null : parseList(r.flows),
      grants: grants
        .filter((g) => g.role_key === r.role_key)
        .map((g) => ({ kind: g.kind, target: g.target, name: g.user_name ?? g.department_name ?? '' })),
    }));
  }

  private async item(appCode: string, key: string): Promise<AppRoleItem> {
    const found = (await this.items(appCode)).find((r) => r.key === key);
    if (!found) throw appError(404, 'role.notFound');
    return found;
  }

  async matrix(tenant: TenantContext | null, appCode: string, admin: boolean): Promise<AppRoleMatrix> {
    const access = await this.designer(tenant, appCode, admin);
    const [roles, tables] = await Promise.all([this.items(access.app.code), this.repo.tables(access.app.code)]);
    return {
      roles,
      tables: tables.map((t) => {
        const permissions = parsePermissions(t.permissions);
        const rights: Record<string, TableRoleRights | null> = {};
        for (const r of roles)
          rights[r.key] = permissions.roles[r.key] ?? (r.key === MANAGER_ROLE ? FULL_TABLE_RIGHTS : null);
        return { schemaCode: t.code, name: t.display_name, rights };
      }),
    };
  }

  private async checkName(appCode: string, raw: string, except = ''): Promise<string> {
    const name = raw.trim();
    if (!name) throw nameError('role.nameEmpty');
    const roles = await this.repo.roles(appCode);
    if (roles.some((r) => r.name === name && r.role_key !== except)) throw nameError('role.nameTaken');
    return name;
  }

  private async insertRole(trx: Db, access: AppAccess, name: string, description: string): Promise<string> {
    const roles = await this.repo.roles(access.app.code, trx);
    if (roles.length >= APP_ROLE_LIMIT) throw appError(409, 'role.limit');
    const key = `r${randomBytes(5).toString('hex')}`;
    await trx
      .insertInto('app_roles')
      .values({
        app_code: access.app.code,
        role_key: key,
        engine_code: access.tenant.engineCode,
        name,
        description,
        sort_key: Math.max(0, ...roles.map((r) => r.sort_key)) + 1,
        nodes: null,
        flows: null,
        created_at: this.now(),
      })
      .execute();
    return key;
  }

  private audit(trx: Db, access: AppAccess, action: string, detail: Record<string, unknown>) {
    return recordAudit(
      trx,
      {
        engineCode: access.tenant.engineCode,
        actorMemberId: access.tenant.memberId,
        action,
        targetType: 'app',
        targetId: access.app.code,
        detail,
      },
      this.now(),
    );
  }

  /** A new role has no rights on any table until the designer gives it some. */
  async create(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    body: { name: string; description?: string },
  ): Promise<AppRoleItem> {
    const access = await this.designer(tenant, appCode, admin);
    const name = await this.checkName(access.app.code, body.name);
    const key = await this.db.transaction().execute(async (trx) => {
      const k = await this.insertRole(trx, access, name, body.description?.trim() ?? '');
      await this.audit(trx, access, 'app.role.create', { role: k, name });
      return k;
    });
    return this.item(access.app.code, key);
  }

  async update(
    tenant: TenantContext | null,
    appCode: string,
    roleKey: string,
    admin: boolean,
    body: { name?: string; description?: string; nodes?: string[] | null; flows?: string[] | null },
  ): Promise<AppRoleItem> {
    const access = await this.designer(tenant, appCode, admin);
    const role = await this.role(access.app.code, roleKey);
    if (
      role.role_key === MANAGER_ROLE &&
      (body.name !== undefined || body.nodes !== undefined || body.flows !== undefined)
    )
      throw appError(400, 'role.fixed');
    const name = body.name !== undefined ? await this.checkName(access.app.code, body.name, roleKey) : undefined;
    if (body.nodes) await this.checkNodes(access.app.code, body.nodes, 'nodes');
    if (body.flows) await this.checkTables(access.app.code, body.flows);
    const set = {
      ...(name !== undefined ? { name } : {}),
      ...(body.description !== undefined ? { description: body.description.trim() } : {}),
      ...(body.nodes !== undefined
        ? { nodes: body.nodes === null ? null : JSON.stringify([...new Set(body.nodes)]) }
        : {}),
      ...(body.flows !== undefined
        ? { flows: body.flows === null ? null : JSON.stringify([...new Set(body.flows)]) }
        : {}),
    };
    if (Object.keys(set).length) {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_roles')
          .set(set)
          .where('app_code', '=', access.app.code)
          .where('role_key', '=', roleKey)
          .execute();
        await this.audit(trx, access, 'app.role.update', { role: roleKey, ...set });
      });
    }
    return this.item(access.app.code, roleKey);
  }

  private async checkNodes(appCode: string, codes: string[], field: string): Promise<void> {
    const known = await this.repo.nodeCodes(appCode);
    const unknown = codes.find((c) => !known.has(c));
    if (unknown !== undefined) throw new FieldValidationError([{ field, key: 'role.unknownNode' }]);
  }

  private async checkTables(appCode: string, codes: string[]): Promise<void> {
    const tables = new Set((await this.repo.tables(appCode)).map((t) => t.code));
    if (codes.some((c) => !tables.has(c)))
      throw new FieldValidationError([{ field: 'flows', key: 'role.unknownNode' }]);
  }

  /** A new role with this one's description, visibility and rights on every table; no grants. */
  async copy(
    tenant: TenantContext | null,
    appCode: string,
    roleKey: string,
    admin: boolean,
    body: { name: string },
  ): Promise<AppRoleItem> {
    const access = await this.designer(tenant, appCode, admin);
    const from = await this.role(access.app.code, roleKey);
    const name = await this.checkName(access.app.code, body.name);
    const key = await this.db.transaction().execute(async (trx) => {
      const k = await this.insertRole(trx, access, name, from.description);
      await trx
        .updateTable('app_roles')
        .set({ nodes: from.nodes, flows: from.flows })
        .where('app_code', '=', access.app.code)
        .where('role_key', '=', k)
        .execute();
      await this.editTables(trx, access.app.code, (p) => {
        const rights = p.roles[roleKey] ?? (roleKey === MANAGER_ROLE ? FULL_TABLE_RIGHTS : undefined);
        return rights ? { ...p, roles: { ...p.roles, [k]: rights } } : null;
      });
      await this.audit(trx, access, 'app.role.copy', { role: k, from: roleKey, name });
      return k;
    });
    return this.item(access.app.code, key);
  }

  async remove(tenant: TenantContext | null, appCode: string, roleKey: string, admin: boolean): Promise<void> {
    const access = await this.designer(tenant, appCode, admin);
    const role = await this.role(access.app.code, roleKey);
    if (role.role_key === MANAGER_ROLE) throw appError(400, 'role.fixed');
    await this.db.transaction().execute(async (trx) => {
      await dropGrants(trx, access.app.code, roleKey);
      await trx
        .deleteFrom('app_roles')
        .where('app_code', '=', access.app.code)
        .where('role_key', '=', roleKey)
        .execute();
      await this.editTables(trx, access.app.code, (p) => {
        if (!(roleKey in p.roles)) return null;
        const { [roleKey]: _gone, ...roles } = p.roles;
        return { ...p, roles };
      });
      await this.audit(trx, access, 'app.role.delete', { role: roleKey, name: role.name });
    });
  }

  /**
   * Replaces who holds the role. Members and departments must be of the app's team (a grant never
   * reaches another team); team roles: 'admin'; everyone: ''.
   */
  async setGrants(
    tenant: TenantContext | null,
    appCode: string,
    roleKey: string,
    admin: boolean,
    grants: RoleGrant[],
  ): Promise<AppRoleItem> {
    const access = await this.designer(tenant, appCode, admin);
    const role = await this.role(access.app.code, roleKey);
    if (role.role_key === MANAGER_ROLE) throw appError(400, 'role.fixed');
    const unique = [...new Map(grants.map((g) => [`${g.kind} ${g.target}`, g])).values()];
    const engine = access.tenant.engineCode;
    const members = await new DirectoryRepository(this.db).activeMembers(
      engine,
      unique.filter((g) => g.kind === 'member').map((g) => g.target),
    );
    const departments = await this.repo.departments(
      engine,
      unique.filter((g) => g.kind === 'department' || g.kind === 'departmentTree').map((g) => g.target),
    );
    unique.forEach((g, i) => {
      const ok =
        g.kind === 'member'
          ? members.has(g.target)
          : g.kind === 'department' || g.kind === 'departmentTree'
            ? departments.has(g.target)
            : g.kind === 'teamRole'
              ? g.target === 'admin'
              : g.target === '';
      if (!ok) throw new FieldValidationError([{ field: `grants.${i}.target`, key: 'role.grantTarget' }]);
    });
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await dropGrants(trx, access.app.code, roleKey);
      if (unique.length)
        await trx
          .insertInto('app_role_grants')
          .values(
            unique.map((g) => ({
              app_code: access.app.code,
              role_key: roleKey,
              engine_code: engine,
              kind: g.kind,
              target: g.target,
              created_at: now,
            })),
          )
          .execute();
      await this.audit(trx, access, 'app.role.grants', { role: roleKey, grants: unique });
    });
    return this.item(access.app.code, roleKey);
  }

  /** The role's actions, field levels and row rule on one table of the app. */
  async setTableRights(
    tenant: TenantContext | null,
    appCode: string,
    roleKey: string,
    schemaCode: string,
    admin: boolean,
    rights: TableRoleRights,
  ): Promise<void> {
    const ctx = await this.contexts.context(tenant, appCode, schemaCode, admin);
    requireEdit(ctx.access);
    await this.role(ctx.access.app.code, roleKey);
    const known = new Set(ctx.fields.map((f) => f.code));
    for (const code of Object.keys(rights.fields))
      if (!known.has(code)) throw new FieldValidationError([{ field: `fields.${code}`, key: 'field.notFound' }]);
    checkRowRule(ctx, rights.rows);
    const clean: TableRoleRights = { ...rights, actions: [...new Set(rights.actions)] };
    await this.db.transaction().execute(async (trx) => {
      await this.editTables(
        trx,
        ctx.access.app.code,
        (p) => ({ ...p, roles: { ...p.roles, [roleKey]: clean } }),
        schemaCode,
      );
      await this.audit(trx, ctx.access, 'permission.update', { table: schemaCode, role: roleKey, rights: clean });
    });
  }

  /**
   * Rewrites the stored permissions of the app's tables (or one): `edit` answers the new ones, or null
   * to leave a table as it is. PostgreSQL: the rows are locked first, so two designers' changes to
   * different roles of one table both land.
   */
  private async editTables(
    trx: Db,
    appCode: string,
    edit: (p: TablePermissions) => TablePermissions | null,
    only?: string,
  ): Promise<void> {
    let q = trx.selectFrom('schemas').select(['code', 'permissions']).where('app_code', '=', appCode);
    if (only) q = q.where('code', '=', only);
    if (dialectOf(trx as unknown as Kysely<unknown>) === 'postgres') q = q.forUpdate();
    for (const t of await q.execute()) {
      const next = edit(parsePermissions(t.permissions));
      if (next)
        await trx
          .updateTable('schemas')
          .set({ permissions: JSON.stringify(next) })
          .where('code', '=', t.code)
          .execute();
    }
  }
}
