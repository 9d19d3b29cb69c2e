import { randomUUID } from 'node:crypto';
import { type Department, ErrorCode } from '@canopy/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, DepartmentsTable } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { changesBetween, recordAudit, teamEntry } from '../audit/record.js';
import { notFound, requireManager, requireTenant } from './guards.js';
import type { OrgRepository } from './repository.js';

function checkDepartmentName(raw: string | undefined): string {
  const name = raw?.trim() ?? '';
  if (!name) throw new FieldValidationError([{ field: 'departmentName', key: 'validate.required' }]);
  return name;
}

/** The department tree of the current team. Reads for every member; writes for owner and admin. */
export class DepartmentService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: OrgRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** A manager must be a member of the same team. */
  private async requireMember(t: TenantContext, memberId: string): Promise<void> {
    if (!(await this.repo.findMember(t.engineCode, memberId))) throw notFound('org.memberNotFound');
  }

  async tree(engineCode: string) {
    const all = await this.repo.listDepartments(engineCode);
    const byId = new Map(all.map((d) => [d.object_id, d]));
    const children = new Map<string, DepartmentsTable[]>();
    for (const d of all) children.set(d.parent_id, [...(children.get(d.parent_id) ?? []), d]);
    const descendants = (id: string): string[] => {
      const out = [id];
      for (const c of children.get(id) ?? []) out.push(...descendants(c.object_id));
      return out;
    };
    return { all, byId, children, descendants };
  }

  private async toDepartments(engineCode: string, rows: DepartmentsTable[]): Promise<Department[]> {
    const { children } = await this.tree(engineCode);
    const counts = await this.repo.memberCounts(engineCode);
    const managerIds = [...new Set(rows.map((r) => r.manager_member_id).filter((m): m is string => Boolean(m)))];
    const managers = managerIds.length
      ? await this.db
          .selectFrom('members')
          .innerJoin('users', 'users.id', 'members.user_id')
          .select(['members.member_id', 'users.user_name'])
          .where('members.engine_code', '=', engineCode)
          .where('members.member_id', 'in', managerIds)
          .execute()
      : [];
    const names = new Map(managers.map((m) => [m.member_id, m.user_name]));
    return rows.map((d) => ({
      objectId: d.object_id,
      parentId: d.parent_id,
      name: d.name,
      managerId: d.manager_member_id ?? '',
      managerName: d.manager_member_id ? (names.get(d.manager_member_id) ?? '') : '',
      sortKey: d.sort_key,
      hasChildren: (children.get(d.object_id)?.length ?? 0) > 0,
      memberCount: counts.get(d.object_id) ?? 0,
    }));
  }

  async root(tenant: TenantContext | null): Promise<Department> {
    const t = requireTenant(tenant);
    const { children } = await this.tree(t.engineCode);
    const root = children.get('')?.[0];
    if (!root) throw notFound('org.departmentNotFound');
    const [dept] = await this.toDepartments(t.engineCode, [root]);
    if (!dept) throw notFound('org.departmentNotFound');
    return dept;
  }

  async byIds(tenant: TenantContext | null, ids: string[]): Promise<Department[]> {
    const t = requireTenant(tenant);
    const { all } = await this.tree(t.engineCode);
    const wanted = new Set(ids);
    return this.toDepartments(
      t.engineCode,
      all.filter((d) => wanted.has(d.object_id)),
    );
  }

  async children(tenant: TenantContext | null, id: string): Promise<Department[]> {
    const t = requireTenant(tenant);
    const { byId, children } = await this.tree(t.engineCode);
    if (!byId.has(id)) throw notFound('org.departmentNotFound');
    return this.toDepartments(t.engineCode, children.get(id) ?? []);
  }

  async createDepartment(tenant: TenantContext | null, input: { parentId: string; name: string; managerId?: string }) {
    const t = requireManager(tenant);
    const name = checkDepartmentName(input.name);
    const { byId, children } = await this.tree(t.engineCode);
    if (!byId.has(input.parentId)) throw notFound('org.departmentNotFound');
    if (input.managerId) await this.requireMember(t, input.managerId);
    const row: DepartmentsTable = {
      object_id: randomUUID(),
      engine_code: t.engineCode,
      parent_id: input.parentId,
      name,
      manager_member_id: input.managerId || null,
      sort_key: (children.get(input.parentId) ?? []).reduce((max, d) => Math.max(max, d.sort_key + 1), 0),
      created_at: this.now(),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('departments').values(row).execute();
      const detail = { name, parentId: input.parentId };
      await recordAudit(
        trx,
        teamEntry(t, 'department.create', { type: 'department', id: row.object_id }, { detail }),
        row.created_at,
      );
    });
    const [dept] = await this.toDepartments(t.engineCode, [row]);
    return dept as Department;
  }

  async updateDepartment(
    tenant: TenantContext | null,
    input: { objectId: string; name?: string; parentId?: string; managerId?: string; sortKey?: number },
  ): Promise<Department> {
    const t = requireManager(tenant);
    const { byId, descendants } = await this.tree(t.engineCode);
    const current = byId.get(input.objectId);
    if (!current) throw notFound('org.departmentNotFound');
    const patch: Partial<DepartmentsTable> = {};
    if (input.name !== undefined) patch.name = checkDepartmentName(input.name);
    if (input.parentId !== undefined && input.parentId !== current.parent_id) {
      if (!current.parent_id) throw new AppError(400, ErrorCode.conflict, 'org.rootLocked');
      if (!byId.has(input.parentId)) throw notFound('org.departmentNotFound');
      if (descendants(current.object_id).includes(input.parentId))
        throw new AppError(400, ErrorCode.conflict, 'org.cycle');
      patch.parent_id = input.parentId;
    }
    if (input.managerId !== undefined) {
      if (input.managerId) await this.requireMember(t, input.managerId);
      patch.manager_member_id = input.managerId || null;
    }
    if (input.sortKey !== undefined) patch.sort_key = input.sortKey;
    if (Object.keys(patch).length) {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('departments')
          .set(patch)
          .where('engine_code', '=', t.engineCode)
          .where('object_id', '=', current.object_id)
          .execute();
        const changes = changesBetween(current as unknown as Record<string, unknown>, patch);
        const entry = teamEntry(
          t,
          'department.update',
          { type: 'department', id: current.object_id },
          { changes, detail: { name: current.name } },
        );
        await recordAudit(trx, entry, this.now());
      });
    }
    const [dept] = await this.toDepartments(t.engineCode, [{ ...current, ...patch }]);
    return dept as Department;
  }

  /** Members and sub-departments of a deleted department move up to its parent, in one transaction. */
  async deleteDepartment(tenant: TenantContext | null, id: string): Promise<void> {
    const t = requireManager(tenant);
    const dept = await this.repo.findDepartment(t.engineCode, id);
    if (!dept) throw notFound('org.departmentNotFound');
    if (!dept.parent_id) throw new AppError(400, ErrorCode.conflict, 'org.rootLocked');
    const parent = dept.parent_id;
    await this.db.transaction().execute(async (trx) => {
      const moving = await trx
        .selectFrom('member_departments')
        .select(['member_id', 'is_main'])
        .where('department_id', '=', id)
        .execute();
      const alreadyInParent = new Set(
        (
          await trx
            .selectFrom('member_departments')
            .select('member_id')
            .where('department_id', '=', parent)
            .where('member_id', 'in', moving.map((m) => m.member_id).concat(['']))
            .execute()
        ).map((r) => r.member_id),
      );
      const toInsert = moving.filter((m) => !alreadyInParent.has(m.member_id));
      if (toInsert.length) {
        await trx
          .insertInto('member_departments')
          .values(
            toInsert.map((m) => ({
              member_id: m.member_id,
              department_id: parent,
              engine_code: t.engineCode,
              is_main: m.is_main,
            })),
          )
          .execute();
      }
      const mainMovers = moving
        .filter((m) => m.is_main === 1 && alreadyInParent.has(m.member_id))
        .map((m) => m.member_id);
      if (mainMovers.length) {
        await trx
          .updateTable('member_departments')
          .set({ is_main: 1 })
          .where('department_id', '=', parent)
          .where('member_id', 'in', mainMovers)
          .execute();
      }
      await trx.deleteFrom('member_departments').where('department_id', '=', id).execute();
      await trx
        .updateTable('departments')
        .set({ parent_id: parent })
        .where('engine_code', '=', t.engineCode)
        .where('parent_id', '=', id)
        .execute();
      await trx.deleteFrom('departments').where('engine_code', '=', t.engineCode).where('object_id', '=', id).execute();
      const entry = teamEntry(t, 'department.delete', { type: 'department', id }, { detail: { name: dept.name } });
      await recordAudit(trx, entry, this.now());
    });
  }

  /** Children of a department back in name order, in a single statement. */
  async resetSortKeys(tenant: TenantContext | null, parentId: string): Promise<void> {
    const t = requireManager(tenant);
    const { byId, children } = await this.tree(t.engineCode);
    if (!byId.has(parentId)) throw notFound('org.departmentNotFound');
    const sorted = [...(children.get(parentId) ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
    if (!sorted.length) return;
    await this.db
      .updateTable('departments')
      .set({
        sort_key: sql<number>`case object_id ${sql.join(
          sorted.map((d, i) => sql`when ${d.object_id} then ${i}`),
          sql` `,
        )} else sort_key end`,
      })
      .where('engine_code', '=', t.engineCode)
      .where('parent_id', '=', parentId)
      .execute();
  }
}
