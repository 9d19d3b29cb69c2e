import { AppLogEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../http/app-error.js';
import { requestLanguage } from '../../http/language.js';
import { requireSession, route } from '../../http/route.js';
import type { AppLogService } from './service.js';

/** The current team's application log (owner and admins, feature Applog on). */
export function appLogRoutes(app: FastifyInstance, log: AppLogService): void {
  const A = AppLogEndpoints;
  route(app, A.list, async ({ req, query }) => log.list(req.tenant, query));
  route(app, A.detail, async ({ req, params }) => log.detail(req.tenant, params.id));
  route(app, A.settings, async ({ req }) => log.settings(req.tenant));
  route(app, A.saveSettings, async ({ req, body }) => log.saveSettings(req.tenant, body.retentionDays));
  app.route({
    method: A.export.method,
    url: A.export.path,
    onRequest: requireSession,
    schema: { summary: A.export.summary, tags: A.export.tags, querystring: A.export.query },
    handler: async (req, reply) => {
      if (!req.auth) throw Errors.unauthorized();
      const file = await log.export(
        req.tenant,
        req.query as Parameters<AppLogService['export']>[1],
        requestLanguage(req),
      );
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      reply.header('cache-control', 'no-store');
      return reply.send(file.stream);
    },
  });
}
