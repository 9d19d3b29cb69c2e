import { ErrorCode, type ServerMessageKey } from '@canopy/contract';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { AppRepository, AppRow } from './repository.js';

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
  role: string | null;
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
  repo: Pick<AppRepository, 'find' | 'roleOf'>,
  tenant: TenantContext | null,
  appCode: string,
  corpAdminHeader: boolean,
  options: { includeDeleted?: boolean } = {},
): Promise<AppAccess> {
  if (!tenant) throw appError(403, 'org.noTeam');
  const app = await repo.find(tenant.engineCode, appCode);
  if (!app || (app.state !== 'ACTIVE' && !options.includeDeleted)) throw appError(404, 'app.notFound');
  const role = await repo.roleOf(tenant.memberId, app.code);
  const adminMode = corpAdminHeader && isTeamManager(tenant);
  const isOwner = role === 'owner';
  const canEdit = adminMode || isOwner || role === 'manager';
  const canView = canEdit || role !== null || isTeamManager(tenant);
  if (!canView) throw appError(404, 'app.notFound');
  return { tenant, app, role, adminMode, canView, canEdit, isOwner };
}

export function requireEdit(access: AppAccess): void {
  if (!access.canEdit) throw appError(403, 'app.noEdit');
}

/** Owner actions (delete, transfer): the owner, or a team owner/admin in admin mode. */
export function requireOwnerAction(access: AppAccess): void {
  if (!access.isOwner && !access.adminMode) throw appError(403, 'app.ownerOnly');
}
