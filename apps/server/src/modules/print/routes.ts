import { PrintEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../http/app-error.js';
import { requestLanguage } from '../../http/language.js';
import { requireSession, route } from '../../http/route.js';
import type { SchemaContextOf } from '../schema-context/request.js';
import type { PrintService } from './service.js';

/** Print templates of a table and printing its records (a document to preview, or a PDF). */
export function printRoutes(app: FastifyInstance, ctx: SchemaContextOf, print: PrintService): void {
  const P = PrintEndpoints;
  route(app, P.list, async ({ req, params }) => print.list(await ctx(req, params)));
  route(app, P.create, async ({ req, params, body }) => print.create(await ctx(req, params), body));
  route(app, P.get, async ({ req, params }) => print.get(await ctx(req, params), params.templateId));
  route(app, P.save, async ({ req, params, body }) => print.save(await ctx(req, params), params.templateId, body));
  route(app, P.remove, async ({ req, params }) => print.remove(await ctx(req, params), params.templateId));
  route(app, P.document, async ({ req, params, body }) =>
    print.document(await ctx(req, params), body, requestLanguage(req)),
  );

  // The PDF is the answer itself, not the JSON envelope; errors still answer as the envelope.
  app.route({
    method: P.pdf.method,
    url: P.pdf.path,
    onRequest: requireSession,
    schema: { summary: P.pdf.summary, tags: P.pdf.tags, params: P.pdf.params, body: P.pdf.body },
    handler: async (req, reply) => {
      if (!req.auth) throw Errors.unauthorized();
      const params = req.params as { appCode: string; schemaCode: string };
      const file = await print.pdf(await ctx(req, params), req.body as never, requestLanguage(req));
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      reply.header('cache-control', 'no-store');
      return reply.send(file.bytes);
    },
  });
}
