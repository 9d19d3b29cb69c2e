import { EngineState, Headers } from '@canopy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EngineRepository, Membership } from '../modules/engines/repository.js';
import { markMetaVersion } from '../modules/schema-context/cache.js';
import { Errors } from './app-error.js';
import type { TenantContext } from './context.js';

/** A request header's first value, trimmed; undefined when absent or blank. */
export function firstHeader(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  const v = Array.isArray(value) ? value[0] : value;
  return v?.trim() || undefined;
}

/** The preview header `<appCode>/<roleKey>`; anything else previews nothing. */
export function previewOf(value: string | undefined): TenantContext['preview'] {
  const match = value ? /^([^/\s]{1,64})\/([^/\s]{1,64})$/.exec(value) : null;
  return match ? { appCode: match[1] as string, roleKey: match[2] as string } : undefined;
}

export function toTenant(m: Membership): TenantContext {
  const role = m.role === 'owner' || m.role === 'admin' ? m.role : 'member';
  const tenant: TenantContext = {
    engineCode: m.engine_code,
    corpId: m.corp_id,
    memberId: m.member_id,
    role,
    engineShard: m.engine_shard,
    timeZone: m.time_zone,
  };
  // The team's metadata version read in the same statement vouches for cached table metadata.
  markMetaVersion(tenant, m.meta_version);
  return tenant;
}

/**
 * The engine code, member id and shard headers select a team among the session user's own
 * memberships. Naming a team, member or shard the user does not have is a 403 before the body is
 * even read (so nothing changes). Without headers the user's active team (if any) applies. A closed
 * (deleted) team serves no one, its owner included: naming it answers corp.state.forbidden, and as
 * the remembered active team it simply is no team.
 */
export function registerTenant(app: FastifyInstance, engines: EngineRepository): void {
  app.addHook('onRequest', async (req) => {
    if (!req.auth) return;
    if (req.auth.token) {
      // A token's team is the token's: headers choose nothing.
      const m = await engines.findMembershipByEngine(req.auth.user.id, req.auth.token.engineCode);
      if (!m) throw Errors.tenantMismatch();
      if (m.state === EngineState.closed) throw Errors.teamClosed();
      req.tenant = toTenant(m);
      return;
    }
    const engineCode = firstHeader(req, Headers.engineCode);
    const memberId = firstHeader(req, Headers.memberId);
    const shard = firstHeader(req, Headers.engineShard);
    const userId = req.auth.user.id;

    // Read with the session when it was asked for this same team (session.ts): no second query.
    const prefetched = (forTeam: string | null) =>
      req.auth?.membership !== undefined && req.auth.membershipFor === forTeam;
    let membership: Membership | undefined;
    if (engineCode) {
      membership = prefetched(engineCode)
        ? (req.auth.membership ?? undefined)
        : await engines.findMembershipByEngine(userId, engineCode);
      if (!membership) throw Errors.tenantMismatch();
      if (memberId && memberId !== membership.member_id) throw Errors.tenantMismatch();
    } else if (memberId) {
      membership = await engines.findMembershipByMember(userId, memberId);
      if (!membership) throw Errors.tenantMismatch();
    } else if (req.auth.user.active_engine_code) {
      membership = prefetched(null)
        ? (req.auth.membership ?? undefined)
        : await engines.findMembershipByEngine(userId, req.auth.user.active_engine_code);
    }
    if (membership?.state === EngineState.closed) {
      if (engineCode || memberId) throw Errors.teamClosed();
      membership = undefined;
    }
    if (membership && shard && shard !== membership.engine_shard) throw Errors.tenantMismatch();
    if (!membership && shard) throw Errors.tenantMismatch();
    req.tenant = membership ? toTenant(membership) : null;
    const preview = previewOf(firstHeader(req, Headers.previewRole));
    if (req.tenant && preview) req.tenant.preview = preview;
  });
}
