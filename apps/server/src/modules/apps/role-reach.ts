import type { RoleGrantKind } from '@canopy/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { TenantContext } from '../../http/context.js';

/** A team's departments as a tree (few hundred at most): id → parent and head. */
export interface DepartmentNode {
  id: string;
  parent: string;
  head: string | null;
}

/** A stored grant of a role. */
export interface GrantRow {
  role_key: string;
  kind: string;
  target: string;
}

/** A stored role, as access needs it. */
export interface RoleRow {
  role_key: string;
  name: string;
  nodes: string | null;
  flows: string | null;
}

/**
 * What a member's grants and row rules depend on besides their id: their team role and departments.
 * `departmentsUp`: their departments and every ancestor (a "with sub-departments" grant of an
 * ancestor reaches them); `departmentsDown`: their departments and every descendant; `headedDown`:
 * the departments they head and every descendant.
 */
export interface MemberFacts {
  memberId: string;
  teamRole: TenantContext['role'];
  departments: string[];
  departmentsUp: string[];
  departmentsDown: string[];
  headedDown: string[];
}

/** The roles a member holds in one app, and what those roles show. */
export interface HeldRoles {
  keys: string[];
  /** Menu node codes visible through the roles; null: all. */
  nodes: ReadonlySet<string> | null;
  /** Table codes whose flow the member may start; null: all. */
  flows: ReadonlySet<string> | null;
}

export function memberFacts(
  tenant: Pick<TenantContext, 'memberId' | 'role'>,
  departments: string[],
  tree: DepartmentNode[],
): MemberFacts {
  const byId = new Map(tree.map((d) => [d.id, d]));
  const children = new Map<string, string[]>();
  for (const d of tree) children.set(d.parent, [...(children.get(d.parent) ?? []), d.id]);
  const up = new Set<string>();
  for (const id of departments) {
    // Bounded by the tree's size: a corrupt cycle stops at the first repeat.
    for (let at: string | undefined = id; at && !up.has(at); at = byId.get(at)?.parent) up.add(at);
  }
  const down = (roots: string[]) => {
    const out = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop() as string;
      if (out.has(id)) continue;
      out.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    return [...out];
  };
  const headed = tree.filter((d) => d.head === tenant.memberId).map((d) => d.id);
  return {
    memberId: tenant.memberId,
    teamRole: tenant.role,
    departments,
    departmentsUp: [...up],
    departmentsDown: down(departments),
    headedDown: down(headed),
  };
}

/** Does this grant reach the member? */
export function grantReaches(grant: Pick<GrantRow, 'kind' | 'target'>, facts: MemberFacts): boolean {
  switch (grant.kind as RoleGrantKind) {
    case 'everyone':
      return true;
    case 'member':
      return grant.target === facts.memberId;
    case 'teamRole':
      return grant.target === 'admin' && (facts.teamRole === 'owner' || facts.teamRole === 'admin');
    case 'department':
      return facts.departments.includes(grant.target);
    case 'departmentTree':
      return facts.departmentsUp.includes(grant.target);
    default:
      return false;
  }
}

/**
 * The roles a member holds: the grants that reach them, plus 管理员 for the app's managers. What
 * they show is the union: a node or flow any held role shows (a role showing all: all).
 */
export function heldRoles(
  facts: MemberFacts,
  appRole: string | null,
  roles: readonly RoleRow[],
  grants: readonly GrantRow[],
): HeldRoles {
  const keys = new Set<string>();
  if (appRole === 'manager') keys.add('manager');
  for (const g of grants) if (grantReaches(g, facts)) keys.add(g.role_key);
  const held = roles.filter((r) => keys.has(r.role_key));
  const union = (pick: (r: RoleRow) => string | null): ReadonlySet<string> | null => {
    const out = new Set<string>();
    for (const r of held) {
      const list = pick(r);
      if (list === null) return null;
      for (const code of parseList(list)) out.add(code);
    }
    return out;
  };
  return {
    keys: held.map((r) => r.role_key),
    // 管理员 design the app: they see every item and may start every flow.
    nodes: keys.has('manager') ? null : union((r) => r.nodes),
    flows: keys.has('manager') ? null : union((r) => r.flows),
  };
}

export function parseList(json: string | null): string[] {
  if (json === null) return [];
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * SQL: some grant of the app (`appCode`, a column reference) reaches the member. App lists and to-do
 * filters use it; `facts` were read beforehand, so the statement needs no recursive query.
 */
export function grantedApp(appCode: Expression<string>, facts: MemberFacts): Expression<SqlBool> {
  const ors = [sql<SqlBool>`g.kind = 'everyone'`, sql<SqlBool>`(g.kind = 'member' and g.target = ${facts.memberId})`];
  if (facts.teamRole === 'owner' || facts.teamRole === 'admin')
    ors.push(sql<SqlBool>`(g.kind = 'teamRole' and g.target = 'admin')`);
  if (facts.departments.length)
    ors.push(sql<SqlBool>`(g.kind = 'department' and g.target in (${sql.join(facts.departments)}))`);
  if (facts.departmentsUp.length)
    ors.push(sql<SqlBool>`(g.kind = 'departmentTree' and g.target in (${sql.join(facts.departmentsUp)}))`);
  return sql<SqlBool>`exists (select 1 from app_role_grants g join app_roles r on r.app_code = g.app_code and r.role_key = g.role_key
    where g.app_code = ${appCode} and (${sql.join(ors, sql` or `)}))`;
}
