import { DataSourceEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { adminHeader } from '../../http/admin-mode.js';
import { requestLanguage } from '../../http/language.js';
import { route } from '../../http/route.js';
import type { DataSourceService } from './service.js';

/** Data sources and sync tables of an app (its designers). */
export function dataSourceRoutes(app: FastifyInstance, sources: DataSourceService): void {
  const E = DataSourceEndpoints;
  route(app, E.list, async ({ req, params }) => sources.list(req.tenant, params.appCode, adminHeader(req)));
  route(app, E.create, async ({ req, params, body }) =>
    sources.create(req.tenant, params.appCode, adminHeader(req), body),
  );
  route(app, E.update, async ({ req, params, body }) =>
    sources.update(req.tenant, params.appCode, adminHeader(req), params.id, body),
  );
  route(app, E.remove, async ({ req, params }) =>
    sources.remove(req.tenant, params.appCode, adminHeader(req), params.id),
  );
  route(app, E.test, async ({ req, params }) =>
    sources.test(req.tenant, params.appCode, adminHeader(req), params.id, requestLanguage(req)),
  );
  route(app, E.tables, async ({ req, params }) =>
    sources.tables(req.tenant, params.appCode, adminHeader(req), params.id, requestLanguage(req)),
  );
  route(app, E.preview, async ({ req, params, body }) =>
    sources.preview(req.tenant, params.appCode, adminHeader(req), params.id, body, requestLanguage(req)),
  );
  route(app, E.createSync, async ({ req, params, body }) =>
    sources.createSync(req.tenant, params.appCode, adminHeader(req), params.id, body, requestLanguage(req)),
  );
  route(app, E.syncTables, async ({ req, params }) =>
    sources.syncTables(req.tenant, params.appCode, adminHeader(req), requestLanguage(req)),
  );
  route(app, E.updateSync, async ({ req, params, body }) =>
    sources.updateSync(
      req.tenant,
      params.appCode,
      adminHeader(req),
      params.schemaCode,
      body.schedule,
      requestLanguage(req),
    ),
  );
  route(app, E.runSync, async ({ req, params }) =>
    sources.runSync(req.tenant, params.appCode, adminHeader(req), params.schemaCode, requestLanguage(req)),
  );
  route(app, E.logs, async ({ req, params }) =>
    sources.logs(req.tenant, params.appCode, adminHeader(req), params.schemaCode, requestLanguage(req)),
  );
}
