import { EngineEndpoints, type EngineItem, EngineState } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import type { EngineRepository } from './repository.js';
import type { EngineService } from './service.js';

export function engineRoutes(app: FastifyInstance, engines: EngineRepository, service: EngineService): void {
  route(app, EngineEndpoints.createTeam, async ({ auth, body }) => service.createTeam(auth.user, body.corpName));

  route(app, EngineEndpoints.activate, async ({ auth, body }) => {
    await service.activate(auth.user, body.engineCode);
    return true;
  });

  route(app, EngineEndpoints.corpInfo, async ({ auth, params }) => service.corpInfo(auth.user, params.corpId));

  route(app, EngineEndpoints.rename, async ({ auth, params, body }) =>
    service.rename(auth.user, params.corpId, body.corpName),
  );

  route(app, EngineEndpoints.timeZone, async ({ auth, params, body }) =>
    service.setTimeZone(auth.user, params.corpId, body.timeZone),
  );

  route(app, EngineEndpoints.leave, async ({ auth, params }) => {
    await service.leave(auth.user, params.engineCode);
    return true;
  });

  route(app, EngineEndpoints.close, async ({ auth, params, body }) => ({
    purgeAt: await service.close(auth.user, params.engineCode, body.corpName),
  }));
  route(app, EngineEndpoints.restore, async ({ auth, params }) => {
    await service.restore(auth.user, params.engineCode);
    return true;
  });

  route(app, EngineEndpoints.latest, async ({ auth, req }) => {
    // A closed team is gone for its members; its owner still sees it, to restore it in time.
    const rows = (await engines.listMemberships(auth.user.id)).filter(
      (m) => m.state !== EngineState.closed || m.role === 'owner',
    );
    const current = req.tenant?.engineCode ?? auth.user.active_engine_code;
    return rows.map(
      (m): EngineItem => ({
        engineCode: m.engine_code,
        corpId: m.corp_id,
        corpName: m.corp_name,
        memberId: m.member_id,
        engineShard: m.engine_shard,
        entryType: m.entry_type,
        state: m.state,
        ownFlag: m.role === 'owner',
        adminFlag: m.role === 'admin',
        active: m.engine_code === current && m.state !== EngineState.closed,
        purgeAt: m.state === EngineState.closed ? (m.purge_at ?? 0) : 0,
      }),
    );
  });

  route(app, EngineEndpoints.memberInfo, async ({ auth, req }) => {
    const tenant = req.tenant;
    if (!tenant) throw Errors.forbidden();
    return {
      corpOwner: tenant.role === 'owner',
      memberId: tenant.memberId,
      corpId: tenant.corpId,
      userId: auth.user.id,
      userName: auth.user.user_name,
    };
  });

  route(app, EngineEndpoints.features, async ({ req }) => {
    const tenant = req.tenant;
    if (!tenant) return { featureList: [] };
    return { featureList: await engines.listFeatures(tenant.engineCode) };
  });
}
