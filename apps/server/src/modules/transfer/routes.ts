import { ExportEndpoints, Headers, ImportEndpoints, RecordLimits } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../http/app-error.js';
import { requestLanguage } from '../../http/language.js';
import { requireSession, route } from '../../http/route.js';
import { uploadedFile } from '../../http/upload.js';
import type { SchemaContextOf } from '../schema-context/request.js';
import type { ExportService } from './export-service.js';
import type { ImportService } from './import-service.js';

/** Export (a streamed file) and import jobs of a data table. */
export function transferRoutes(
  app: FastifyInstance,
  ctx: SchemaContextOf,
  exports: ExportService,
  imports: ImportService,
): void {
  const E = ExportEndpoints.records;
  app.route({
    method: E.method,
    url: E.path,
    onRequest: requireSession,
    schema: { summary: E.summary, tags: E.tags, params: E.params, querystring: E.query },
    handler: async (req, reply) => {
      if (!req.auth) throw Errors.unauthorized();
      const params = req.params as { appCode: string; schemaCode: string };
      const query = req.query as { format: 'xlsx' | 'csv'; view?: string; search?: string };
      const context = await ctx(req, params);
      const file = await exports.open(context, query, requestLanguage(req), context.schema.display_name || 'export');
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      reply.header('cache-control', 'no-store');
      return reply.send(file.stream);
    },
  });

  const I = ImportEndpoints;
  route(app, I.upload, async ({ req, params }) => {
    // A form on another site cannot set this header, so it cannot upload with the user's cookie.
    if (!req.headers[Headers.appName]) throw Errors.forbidden();
    const context = await ctx(req, params);
    const upload = await uploadedFile(req, { files: 1, fileSize: RecordLimits.importMaxBytes });
    return imports.upload(context, { filename: upload.filename, stream: upload.file }, requestLanguage(req));
  });
  route(app, I.get, async ({ req, params }) => imports.get(await ctx(req, params), params.jobId, requestLanguage(req)));
  route(app, I.start, async ({ req, params, body }) =>
    imports.start(await ctx(req, params), params.jobId, body, requestLanguage(req)),
  );
  route(app, I.errors, async ({ req, params }) => imports.errors(await ctx(req, params), params.jobId));
}
