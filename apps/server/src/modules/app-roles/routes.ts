import { AppRoleEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { adminHeader } from '../../http/admin-mode.js';
import { route } from '../../http/route.js';
import type { AppRolesService } from './service.js';

export function appRoleRoutes(app: FastifyInstance, roles: AppRolesService): void {
  const E = AppRoleEndpoints;
  route(app, E.matrix, async ({ req, params }) => roles.matrix(req.tenant, params.appCode, adminHeader(req)));
  route(app, E.create, async ({ req, params, body }) =>
    roles.create(req.tenant, params.appCode, adminHeader(req), body),
  );
  route(app, E.update, async ({ req, params, body }) =>
    roles.update(req.tenant, params.appCode, params.roleKey, adminHeader(req), body),
  );
  route(app, E.copy, async ({ req, params, body }) =>
    roles.copy(req.tenant, params.appCode, params.roleKey, adminHeader(req), body),
  );
  route(app, E.remove, async ({ req, params }) => {
    await roles.remove(req.tenant, params.appCode, params.roleKey, adminHeader(req));
    return true;
  });
  route(app, E.grants, async ({ req, params, body }) =>
    roles.setGrants(req.tenant, params.appCode, params.roleKey, adminHeader(req), body.grants),
  );
  route(app, E.tableRights, async ({ req, params, body }) => {
    await roles.setTableRights(
      req.tenant,
      params.appCode,
      params.roleKey,
      params.schemaCode,
      adminHeader(req),
      body.rights,
    );
    return true;
  });
}
