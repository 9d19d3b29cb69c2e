import { CustomPageEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { adminHeader } from '../../http/admin-mode.js';
import { route } from '../../http/route.js';
import type { CustomPageService } from './service.js';

/** Custom pages: read (as the viewer may see it), save (designers). */
export function customPageRoutes(app: FastifyInstance, pages: CustomPageService): void {
  const P = CustomPageEndpoints;
  route(app, P.get, async ({ req, params }) => pages.get(req.tenant, params.appCode, adminHeader(req), params.code));
  route(app, P.save, async ({ req, params, body }) =>
    pages.save(req.tenant, params.appCode, adminHeader(req), params.code, body),
  );
}
