import { AppEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { adminHeader } from '../../http/admin-mode.js';
import { route } from '../../http/route.js';
import type { AppService } from './apps-service.js';
import type { CustomMenuService } from './custom-menu.js';
import type { NodeService } from './nodes-service.js';
import type { AppRoleService } from './roles-service.js';

export function appRoutes(
  app: FastifyInstance,
  apps: AppService,
  roles: AppRoleService,
  nodes: NodeService,
  menu: CustomMenuService,
): void {
  const E = AppEndpoints;
  const ok = async (work: Promise<void>) => {
    await work;
    return true;
  };
  route(app, E.list, async ({ req }) => apps.list(req.tenant));
  route(app, E.create, async ({ req, body }) => apps.create(req.tenant, body));
  route(app, E.recycleBin, async ({ req }) => apps.recycleBin(req.tenant));
  route(app, E.preference, async ({ req }) => apps.preference(req.tenant));
  route(app, E.savePreference, async ({ req, body }) =>
    ok(apps.savePreference(req.tenant, body.appSorts, body.collectedApps)),
  );
  route(app, E.addRole, async ({ req, body }) =>
    ok(roles.add(req.tenant, body.appCode, adminHeader(req), body.userIds, body.role)),
  );
  route(app, E.removeRole, async ({ req, body }) =>
    ok(roles.remove(req.tenant, body.appCode, adminHeader(req), body.userIds)),
  );
  route(app, E.updateOwner, async ({ req, body }) =>
    ok(roles.transfer(req.tenant, body.appCode, adminHeader(req), body.originalOwnerId, body.newOwnerId)),
  );
  route(app, E.get, async ({ req, params }) => apps.get(req.tenant, params.appCode, adminHeader(req)));
  route(app, E.update, async ({ req, params, body }) =>
    apps.update(req.tenant, params.appCode, adminHeader(req), body),
  );
  route(app, E.description, async ({ req, params, body }) =>
    apps.setDescription(req.tenant, params.appCode, adminHeader(req), body.description),
  );
  route(app, E.remove, async ({ req, params }) => ok(apps.remove(req.tenant, params.appCode, adminHeader(req))));
  route(app, E.restore, async ({ req, params }) => apps.restore(req.tenant, params.appCode));
  route(app, E.purge, async ({ req, params }) => ok(apps.purge(req.tenant, params.appCode)));
  route(app, E.permission, async ({ req, params }) => apps.permission(req.tenant, params.appCode, adminHeader(req)));
  route(app, E.accessCheck, async ({ req, params }) => apps.accessCheck(req.tenant, params.appCode, adminHeader(req)));
  route(app, E.exit, async ({ req, params }) => ok(roles.exit(req.tenant, params.appCode)));
  route(app, E.roles, async ({ req, params }) => roles.list(req.tenant, params.appCode, adminHeader(req)));
  route(app, E.nodes, async ({ req, params }) => nodes.list(req.tenant, params.appCode, adminHeader(req)));
  route(app, E.saveMenu, async ({ req, params, body }) =>
    menu.save(req.tenant, params.appCode, adminHeader(req), body.items),
  );
  route(app, E.createNode, async ({ req, params, body }) =>
    nodes.create(req.tenant, params.appCode, adminHeader(req), body),
  );
  route(app, E.updateNode, async ({ req, params, body }) =>
    nodes.update(req.tenant, params.appCode, adminHeader(req), params.code, body),
  );
  route(app, E.deletedTables, async ({ req, params }) =>
    nodes.deletedTables(req.tenant, params.appCode, adminHeader(req)),
  );
  route(app, E.restoreTable, async ({ req, params }) =>
    nodes.restoreTable(req.tenant, params.appCode, adminHeader(req), params.code),
  );
  route(app, E.purgeTable, async ({ req, params }) =>
    ok(nodes.purgeTable(req.tenant, params.appCode, adminHeader(req), params.code)),
  );
  route(app, E.removeNode, async ({ req, params }) =>
    ok(nodes.remove(req.tenant, params.appCode, adminHeader(req), params.code)),
  );
}
