import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { type DepartmentNode, grantReaches, type MemberFacts, memberFacts } from './role-reach.js';

type Db = Kysely<Database>;

/** The team's departments as a tree. */
export async function departmentTreeOf(db: Db, engineCode: string): Promise<DepartmentNode[]> {
  const rows = await db
    .selectFrom('departments')
    .select(['object_id', 'parent_id', 'manager_member_id'])
    .where('engine_code', '=', engineCode)
    .execute();
  return rows.map((r) => ({ id: r.object_id, parent: r.parent_id, head: r.manager_member_id }));
}

/** A member's team role and departments as grants and row rules read them (two statements). */
export async function factsOf(
  db: Db,
  tenant: Pick<TenantContext, 'memberId' | 'role' | 'engineCode'>,
): Promise<MemberFacts> {
  const [departments, tree] = await Promise.all([
    db.selectFrom('member_departments').select('department_id').where('member_id', '=', tenant.memberId).execute(),
    departmentTreeOf(db, tenant.engineCode),
  ]);
  return memberFacts(
    tenant,
    departments.map((d) => d.department_id),
    tree,
  );
}

/**
 * The active members of the team holding one of these app roles through their grants (flow
 * participants "app role"), oldest membership first. Reads the team's members once: a grant to
 * everyone or to a department tree names no one in particular.
 */
export async function roleHolders(
  db: Db,
  engineCode: string,
  appCode: string,
  roleKeys: readonly string[],
): Promise<string[]> {
  if (!roleKeys.length) return [];
  const grants = await db
    .selectFrom('app_role_grants')
    .select(['role_key', 'kind', 'target'])
    .where('app_code', '=', appCode)
    .where('role_key', 'in', roleKeys)
    .execute();
  if (!grants.length) return [];
  const [members, links, tree] = await Promise.all([
    db
      .selectFrom('members')
      .select(['member_id', 'role'])
      .where('engine_code', '=', engineCode)
      .where('state', '=', 'ACTIVE')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('member_departments')
      .select(['member_id', 'department_id'])
      .where('engine_code', '=', engineCode)
      .execute(),
    departmentTreeOf(db, engineCode),
  ]);
  const departmentsOf = new Map<string, string[]>();
  for (const l of links) departmentsOf.set(l.member_id, [...(departmentsOf.get(l.member_id) ?? []), l.department_id]);
  return members
    .filter((m) => {
      const facts = memberFacts(
        { memberId: m.member_id, role: m.role as 'owner' | 'admin' | 'member' },
        departmentsOf.get(m.member_id) ?? [],
        tree,
      );
      return grants.some((g) => grantReaches(g, facts));
    })
    .map((m) => m.member_id);
}

/** The app roles this member holds through grants (管理员 of app_members aside): their keys. */
export async function grantedRoles(db: Db, engineCode: string, appCode: string, memberId: string): Promise<string[]> {
  const member = await db
    .selectFrom('members')
    .select('role')
    .where('member_id', '=', memberId)
    .where('engine_code', '=', engineCode)
    .executeTakeFirst();
  if (!member) return [];
  const [grants, facts] = await Promise.all([
    db.selectFrom('app_role_grants').select(['role_key', 'kind', 'target']).where('app_code', '=', appCode).execute(),
    factsOf(db, { memberId, engineCode, role: member.role as TenantContext['role'] }),
  ]);
  return [...new Set(grants.filter((g) => grantReaches(g, facts)).map((g) => g.role_key))];
}

/** The keys of an app's roles (a flow's participants and branches may name only these, and its owner). */
export async function roleKeysOf(db: Db, appCode: string): Promise<Set<string>> {
  const rows = await db.selectFrom('app_roles').select('role_key').where('app_code', '=', appCode).execute();
  return new Set(rows.map((r) => r.role_key));
}
