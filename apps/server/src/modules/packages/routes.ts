import { Headers, PACKAGE_STORAGE_KEY, PackageEndpoints, PackageLimits } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { adminHeader } from '../../http/admin-mode.js';
import { Errors, FieldValidationError } from '../../http/app-error.js';
import { requestLanguage } from '../../http/language.js';
import { requireSession, route } from '../../http/route.js';
import { formField, uploadedFile } from '../../http/upload.js';
import type { PackageExportService } from './export-service.js';
import type { PackageInstallService } from './install-service.js';
import type { PackageUpgradeService } from './upgrade-service.js';

/** App packages: export (a streamed zip), upload, install (spec §7), upgrade in place, task progress. */
export function packageRoutes(
  app: FastifyInstance,
  exports: PackageExportService,
  installs: PackageInstallService,
  upgrades: PackageUpgradeService,
): void {
  const E = PackageEndpoints.export;
  app.route({
    method: E.method,
    url: E.path,
    onRequest: requireSession,
    schema: { summary: E.summary, tags: E.tags, params: E.params, querystring: E.query },
    handler: async (req, reply) => {
      if (!req.auth) throw Errors.unauthorized();
      const { appCode } = req.params as { appCode: string };
      const { withBizData } = req.query as { withBizData?: boolean };
      const file = await exports.open(req.tenant, appCode, adminHeader(req), withBizData === true);
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      reply.header('cache-control', 'no-store');
      return reply.send(file.stream);
    },
  });

  route(app, PackageEndpoints.upload, async ({ req }) => {
    // A form on another site cannot set this header, so it cannot upload with the user's cookie.
    if (!req.headers[Headers.appName]) throw Errors.forbidden();
    const upload = await uploadedFile(req, { files: 1, fileSize: PackageLimits.uploadMaxBytes });
    // Spec §7 file upload: the storage key, when sent, is the template zips' one; nothing is kept otherwise.
    const storageKey = formField(upload, 'storageKey');
    if (storageKey !== undefined && storageKey !== PACKAGE_STORAGE_KEY) {
      upload.file.resume();
      throw new FieldValidationError([{ field: 'storageKey', key: 'validate.pattern' }]);
    }
    const uploaded = await installs.upload(req.tenant, upload);
    // Apps of the same origin the uploader designs: the dialog offers to upgrade one of them.
    return {
      ...uploaded,
      filePath: uploaded.packagePath,
      storageKey: PACKAGE_STORAGE_KEY,
      matches: req.tenant ? await upgrades.matches(req.tenant, uploaded.packagePath) : [],
    };
  });
  route(app, PackageEndpoints.upgradePreview, async ({ req, body }) =>
    upgrades.preview(req.tenant, body, adminHeader(req), requestLanguage(req)),
  );
  route(app, PackageEndpoints.upgrade, async ({ req, body }) =>
    upgrades.start(req.tenant, body, adminHeader(req), requestLanguage(req)),
  );
  route(app, PackageEndpoints.install, async ({ req, body }) => installs.installUpload(req.tenant, body));
  route(app, PackageEndpoints.task, async ({ req, params }) =>
    installs.task(req.tenant, params.taskId, requestLanguage(req)),
  );
}
