import { FLOW_OWNER_ROLE, MANAGER_ROLE } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, DepartmentsTable } from '../../db/schema.js';
import { grantedRoles, roleHolders } from '../apps/role-holders.js';

type Db = Kysely<Database>;

/** The team's people as the engine needs them: active members, departments, app roles. */
export class DirectoryRepository {
  constructor(private readonly db: Db) {}

  private on(trx?: Db): Db {
    return trx ?? this.db;
  }

  /** Of these member ids, those active in the team (order kept by the caller). */
  async activeMembers(engineCode: string, ids: string[], trx?: Db): Promise<Set<string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Set();
    const rows = await this.on(trx)
      .selectFrom('members')
      .select('member_id')
      .where('engine_code', '=', engineCode)
      .where('state', '=', 'ACTIVE')
      .where('member_id', 'in', unique)
      .execute();
    return new Set(rows.map((r) => r.member_id));
  }

  departments(engineCode: string, trx?: Db): Promise<DepartmentsTable[]> {
    return this.on(trx).selectFrom('departments').selectAll().where('engine_code', '=', engineCode).execute();
  }

  membersOfDepartments(engineCode: string, departmentIds: string[], trx?: Db): Promise<string[]> {
    if (!departmentIds.length) return Promise.resolve([]);
    return this.on(trx)
      .selectFrom('member_departments')
      .innerJoin('members', 'members.member_id', 'member_departments.member_id')
      .select('member_departments.member_id')
      .where('member_departments.engine_code', '=', engineCode)
      .where('member_departments.department_id', 'in', departmentIds)
      .where('members.state', '=', 'ACTIVE')
      .orderBy('members.created_at')
      .execute()
      .then((rows) => rows.map((r) => r.member_id));
  }

  departmentsOfMember(engineCode: string, memberId: string, trx?: Db) {
    return this.on(trx)
      .selectFrom('member_departments')
      .select(['department_id', 'is_main'])
      .where('engine_code', '=', engineCode)
      .where('member_id', '=', memberId)
      .execute();
  }

  /**
   * Members holding these roles in the app (issue 27: any of its roles): the owner (`owner`) and
   * 管理员 (`manager`) from app_members, then whoever a grant of one of the roles reaches (by name,
   * department, team role or everyone), as the grants stand now. A deleted role's key names nobody.
   */
  async appRoleMembers(engineCode: string, appCode: string, roles: readonly string[], trx?: Db): Promise<string[]> {
    const fixed = roles.filter((r): r is 'owner' | 'manager' => r === FLOW_OWNER_ROLE || r === MANAGER_ROLE);
    const rows = fixed.length
      ? await this.on(trx)
          .selectFrom('app_members')
          .select('member_id')
          .where('app_code', '=', appCode)
          .where('role', 'in', fixed)
          .orderBy('created_at')
          .execute()
      : [];
    const granted = roles.filter((r) => r !== FLOW_OWNER_ROLE);
    const out = rows.map((r) => r.member_id);
    out.push(...(await roleHolders(this.on(trx), engineCode, appCode, granted)));
    return [...new Set(out)];
  }

  /** The roles a member holds in the app: `owner` or `manager` (app_members) and every granted role. */
  async appRoles(engineCode: string, appCode: string, memberId: string, trx?: Db): Promise<Set<string>> {
    const row = await this.on(trx)
      .selectFrom('app_members')
      .select('role')
      .where('app_code', '=', appCode)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    const held = new Set(await grantedRoles(this.on(trx), engineCode, appCode, memberId));
    if (row) held.add(row.role);
    return held;
  }
}
