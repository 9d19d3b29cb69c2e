import { TodoEndpoints } from '@canopy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { requestLanguage } from '../../http/language.js';
import { route } from '../../http/route.js';
import type { TodoService } from './service.js';

function tenantOf(req: FastifyRequest): TenantContext {
  if (!req.tenant) throw new AppError(403, 'auth.forbidden', 'org.noTeam');
  return req.tenant;
}

/** The asker's to-dos (spec §7's unnamed to-do calls). */
export function todoRoutes(app: FastifyInstance, s: TodoService): void {
  const T = TodoEndpoints;
  route(app, T.page, async ({ req, body }) => s.page(tenantOf(req), requestLanguage(req), body));
  route(app, T.list, async ({ req, body }) => s.list(tenantOf(req), requestLanguage(req), body));
  route(app, T.count, async ({ req }) => s.count(tenantOf(req)));
  route(app, T.summary, async ({ req, query }) => s.summary(tenantOf(req), query.taskType));
  route(app, T.batchApprove, async ({ req, body }) => s.batch(tenantOf(req), requestLanguage(req), 'approve', body));
  route(app, T.batchReject, async ({ req, body }) => s.batch(tenantOf(req), requestLanguage(req), 'reject', body));
}
