import fs from 'node:fs';
import { TemplateEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { adminHeader } from '../../http/admin-mode.js';
import { requestLanguage } from '../../http/language.js';
import { requireSession, route } from '../../http/route.js';
import type { TemplateService } from './service.js';

/** The template center (issue 12): catalog, install, team templates, share links, screenshots. */
export function templateRoutes(app: FastifyInstance, templates: TemplateService): void {
  const E = TemplateEndpoints;
  route(app, E.catalog, async ({ req }) => templates.catalog(req.tenant, requestLanguage(req)));
  route(app, E.install, async ({ req, body }) => templates.install(req.tenant, body));
  route(app, E.publish, async ({ req, body }) => templates.publish(req.tenant, adminHeader(req), body));
  route(app, E.unpublish, async ({ req, params }) => templates.unpublish(req.tenant, params.id));
  route(app, E.shares, async ({ req, params }) => templates.shares(req.tenant, params.appCode, adminHeader(req)));
  route(app, E.createShare, async ({ req, params, body }) =>
    templates.createShare(req.tenant, params.appCode, adminHeader(req), body),
  );
  route(app, E.revokeShare, async ({ req, params }) =>
    templates.revokeShare(req.tenant, params.appCode, params.shareId, adminHeader(req)),
  );
  route(app, E.sharedPreview, async ({ params }) => templates.sharedPreview(params.token));
  route(app, E.installShared, async ({ req, params }) => templates.installShared(req.tenant, params.token));

  // A built-in template's screenshot (shipped in the repository, served as it is).
  app.route({
    method: 'GET',
    url: '/v1/templates/:id/previews/:name',
    onRequest: requireSession,
    schema: {
      summary: "A built-in template's preview screenshot",
      tags: ['templates'],
      params: Type.Object({
        id: Type.String({ minLength: 1, maxLength: 64 }),
        name: Type.String({ minLength: 1, maxLength: 64 }),
      }),
    },
    handler: async (req, reply) => {
      const { id, name } = req.params as { id: string; name: string };
      const file = await templates.previewFile(id, name);
      reply.header('content-type', name.endsWith('.webp') ? 'image/webp' : 'image/png');
      reply.header('cache-control', 'private, max-age=3600');
      return reply.send(fs.createReadStream(file));
    },
  });
}
