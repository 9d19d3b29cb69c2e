import { DashboardEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { adminHeader } from '../../http/admin-mode.js';
import { route } from '../../http/route.js';
import type { DashboardService } from './service.js';

/** Dashboards: read, save (designers), one widget's figures. */
export function dashboardRoutes(app: FastifyInstance, dashboards: DashboardService): void {
  const D = DashboardEndpoints;
  route(app, D.get, async ({ req, params }) =>
    dashboards.get(req.tenant, params.appCode, adminHeader(req), params.code),
  );
  route(app, D.save, async ({ req, params, body }) =>
    dashboards.save(req.tenant, params.appCode, adminHeader(req), params.code, body),
  );
  route(app, D.aggregate, async ({ req, params, body }) =>
    dashboards.aggregate(req.tenant, params.appCode, adminHeader(req), params.code, body),
  );
  route(app, D.pivot, async ({ req, params, body }) =>
    dashboards.pivot(req.tenant, params.appCode, adminHeader(req), params.code, body),
  );
}
