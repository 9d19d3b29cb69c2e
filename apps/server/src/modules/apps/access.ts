import { ErrorCode, type ServerMessageKey } from '@canopy/contract';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { AppRepository, AppRow } from './repository.js';
import { type HeldRoles, heldRoles } from './role-reach.js';

export const appError = (status: number, key: ServerMessageKey) =>
  new AppError(
    status,
    status === 404 ? ErrorCode.notFound : status === 403 ? ErrorCode.forbidden : ErrorCode.conflict,
    key,
  );

/** What one member may do with one app. */
export interface AppAccess {
  tenant: TenantContext;
  app: AppRow;
  /** The member's app_members role: owner or manager (null: neither). */
  role: string | null;
  /** The app roles the member holds (grants, and `manager` for managers): their rights are the union. */
  roles: readonly string[];
  /** Menu node codes the member's roles show (null: all, as for designers). */
  nodes: ReadonlySet<string> | null;
  /** Table codes whose flow the member's roles may start (null: all). */
  flows: ReadonlySet<string> | null;
  /** Team owner/admin with admin mode on (the corporate-admin header): full control. */
  adminMode: boolean;
  canView: boolean;
  canEdit: boolean;
  isOwner: boolean;
}

export function isTeamManager(tenant: TenantContext): boolean {
  return tenant.role === 'owner' || tenant.role === 'admin';
}

/**
 * Resolves an app of the member's team and the member's rights on it. A missing app, one in the
 * recycle bin (unless asked for) and one of another team are all simply "not found".
 */
export async function resolveApp(
  repo: Pick<AppRepository, 'find' | 'roleOf' | 'held' | 'appRoles'>,
  tenant: TenantContext | null,
  appCode: string,
  corpAdminHeader: boolean,
  options: { includeDeleted?: boolean } = {},
): Promise<AppAccess> {
  if (!tenant) throw appError(403, 'org.noTeam');
  const app = await repo.find(tenant.engineCode, appCode);
  if (!app || (app.state !== 'ACTIVE' && !options.includeDeleted)) throw appError(404, 'app.notFound');
  const role = await repo.roleOf(tenant.memberId, app.code);
  const held: HeldRoles = await repo.held(tenant, app.code, role);
  const adminMode = corpAdminHeader && isTeamManager(tenant);
  const isOwner = role === 'owner';
  const canEdit = adminMode || isOwner || role === 'manager';
  const canView = canEdit || role !== null || held.keys.length > 0 || isTeamManager(tenant);
  if (!canView) throw appError(404, 'app.notFound');
  if (tenant.preview?.appCode === app.code) {
    // 以此角色预览: only a designer may ask, and sees the app exactly as a holder of that one role.
    if (!canEdit) throw appError(403, 'role.previewDenied');
    const role = (await repo.appRoles(app.code)).find((r) => r.role_key === tenant.preview?.roleKey);
    if (!role) throw appError(404, 'role.notFound');
    const facts = {
      memberId: tenant.memberId,
      teamRole: tenant.role,
      departments: [],
      departmentsUp: [],
      departmentsDown: [],
      headedDown: [],
    };
    const as = heldRoles(facts, null, [role], [{ role_key: role.role_key, kind: 'everyone', target: '' }]);
    return {
      tenant,
      app,
      role: null,
      roles: as.keys,
      nodes: as.nodes,
      flows: as.flows,
      adminMode: false,
      canView: true,
      canEdit: false,
      isOwner: false,
    };
  }
  const designer = canEdit;
  return {
    tenant,
    app,
    role,
    roles: held.keys,
    nodes: designer ? null : held.nodes,
    flows: designer ? null : held.flows,
    adminMode,
    canView,
    canEdit,
    isOwner,
  };
}

/**
 * Whether a member sees something limited to these app roles (empty: everyone in the app): a custom
 * page, a block of one. The app's designers see everything.
 */
export function visibleTo(roles: readonly string[], access: AppAccess): boolean {
  if (access.canEdit || roles.length === 0) return true;
  const role = appRoleName(access);
  return role !== null && roles.includes(role);
}

export function requireEdit(access: AppAccess): void {
  if (!access.canEdit) throw appError(403, 'app.noEdit');
}

/** Owner actions (delete, transfer): the owner, or a team owner/admin in admin mode. */
export function requireOwnerAction(access: AppAccess): void {
  if (!access.isOwner && !access.adminMode) throw appError(403, 'app.ownerOnly');
}

/** The old app role name of a member: owner, manager, or member when they hold any app role. */
export function appRoleName(access: AppAccess): string | null {
  return access.role ?? (access.roles.length ? 'member' : null);
}

/**
 * A menu item the member's roles show (issue 27): designers see every item; a role showing only some
 * items hides the others — from the menu, and their pages answer "not found".
 */
export function nodeVisible(access: AppAccess, nodeCode: string): boolean {
  return access.nodes === null || access.nodes.has(nodeCode);
}

export function requireNodeVisible(access: AppAccess, nodeCode: string): void {
  if (!nodeVisible(access, nodeCode)) throw appError(404, 'node.notFound');
}

/** May the member start the flow of this table? Their roles choose (null: every flow). */
export function mayStartFlow(access: AppAccess, schemaCode: string): boolean {
  return access.flows === null || access.flows.has(schemaCode);
}
