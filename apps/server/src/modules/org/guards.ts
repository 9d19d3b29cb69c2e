import { ErrorCode, type ServerMessageKey } from '@canopy/contract';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';

export const forbidden = (key: ServerMessageKey) => new AppError(403, ErrorCode.forbidden, key);
export const notFound = (key: ServerMessageKey) => new AppError(404, ErrorCode.notFound, key);

export function requireTenant(tenant: TenantContext | null): TenantContext {
  if (!tenant) throw forbidden('org.noTeam');
  return tenant;
}

/** Owner or admin of the current team. */
export function requireManager(tenant: TenantContext | null): TenantContext {
  const t = requireTenant(tenant);
  if (t.role !== 'owner' && t.role !== 'admin') throw forbidden('org.managersOnly');
  return t;
}

export function requireOwner(tenant: TenantContext | null): TenantContext {
  const t = requireTenant(tenant);
  if (t.role !== 'owner') throw forbidden('org.ownerOnly');
  return t;
}
