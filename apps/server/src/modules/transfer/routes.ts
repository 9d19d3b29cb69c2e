import {
  ExportEndpoints,
  formatMessage,
  Headers,
  ImportEndpoints,
  RecordLimits,
  TeamExportEndpoints,
} from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../http/app-error.js';
import { requestLanguage } from '../../http/language.js';
import { messagePage } from '../../http/message-page.js';
import { requireSession, route } from '../../http/route.js';
import { uploadedFile } from '../../http/upload.js';
import type { SchemaContextOf } from '../schema-context/request.js';
import { CONTENT_TYPES, type ExportJobs } from './export-jobs.js';
import type { ExportService } from './export-service.js';
import type { ImportService } from './import-service.js';
import type { TeamExportService } from './team-export-service.js';

/** Export and import jobs of a data table; the download of any finished export (team exports too). */
export function transferRoutes(
  app: FastifyInstance,
  ctx: SchemaContextOf,
  exports: ExportService,
  files: ExportJobs,
  imports: ImportService,
): void {
  const E = ExportEndpoints;
  route(app, E.start, async ({ req, auth, params, body }) =>
    exports.start(await ctx(req, params), body, requestLanguage(req), auth.user.id),
  );
  route(app, E.get, async ({ req, auth, params }) =>
    exports.get(await ctx(req, params), params.jobId, requestLanguage(req), auth.user.id),
  );
  // A plain link (the web's download button, the letter): the file, or a page saying why not.
  app.route({
    method: E.download.method,
    url: E.download.path,
    onRequest: requireSession,
    schema: { summary: E.download.summary, tags: E.download.tags, params: E.download.params },
    handler: async (req, reply) => {
      if (!req.auth) throw Errors.unauthorized();
      const { token } = req.params as { token: string };
      const lang = requestLanguage(req);
      const file = await files.download(req.auth.user.id, token);
      if (!file.ok)
        return messagePage(reply, file.status, {
          title: formatMessage('export.linkTitle', lang),
          text: formatMessage(file.key, lang),
          testId: 'download-message',
          lang,
        });
      reply.header('content-type', CONTENT_TYPES[file.row.format] ?? 'application/octet-stream');
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.row.file_name)}`);
      reply.header('cache-control', 'no-store');
      return reply.send(file.body);
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

/** A whole team's data export (owners and admins, also of a closed team): start, follow, the latest. */
export function teamExportRoutes(app: FastifyInstance, service: TeamExportService): void {
  const T = TeamExportEndpoints;
  route(app, T.start, async ({ req, auth, params }) =>
    service.start(auth.user, params.engineCode, requestLanguage(req)),
  );
  route(app, T.get, async ({ req, auth, params }) =>
    service.get(auth.user, params.engineCode, params.jobId, requestLanguage(req)),
  );
  route(app, T.latest, async ({ req, auth, params }) =>
    service.latest(auth.user, params.engineCode, requestLanguage(req)),
  );
}
