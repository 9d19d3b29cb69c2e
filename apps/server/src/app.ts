import { randomUUID } from 'node:crypto';
import { Headers, Limits } from '@canopy/contract';
import fastifyCookie from '@fastify/cookie';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Services } from './http/context.js';
import { registerDocs } from './http/docs.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerSession } from './http/session.js';
import { registerWebApp } from './http/static.js';
import { registerTenant } from './http/tenant.js';
import { accountRoutes, createAccountService } from './modules/account/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { AppService } from './modules/apps/apps-service.js';
import { NodeService } from './modules/apps/nodes-service.js';
import { AppRepository } from './modules/apps/repository.js';
import { AppRoleService } from './modules/apps/roles-service.js';
import { appRoutes } from './modules/apps/routes.js';
import { Delivery } from './modules/delivery/delivery.js';
import { EngineRepository } from './modules/engines/repository.js';
import { engineRoutes } from './modules/engines/routes.js';
import { EngineService } from './modules/engines/service.js';
import { fileRoutes } from './modules/files/routes.js';
import { FileService } from './modules/files/service.js';
import { InvitationRepository } from './modules/invitations/repository.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { InvitationService } from './modules/invitations/service.js';
import { noticeRoutes } from './modules/notices/routes.js';
import { DepartmentService } from './modules/org/departments-service.js';
import { MemberService } from './modules/org/members-service.js';
import { OrgRepository } from './modules/org/repository.js';
import { orgRoutes } from './modules/org/routes.js';
import { RecordRepository } from './modules/records/repository.js';
import { RecordService } from './modules/records/service.js';
import { FormService } from './modules/schemas/forms.js';
import { SchemaRepository } from './modules/schemas/repository.js';
import { schemaRoutes } from './modules/schemas/routes.js';
import { SchemaService } from './modules/schemas/service.js';
import { AvatarStore } from './modules/settings/avatars.js';
import { VerificationCodes } from './modules/settings/codes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { SettingsService } from './modules/settings/service.js';
import { systemRoutes } from './modules/system/routes.js';
import { ExportService } from './modules/transfer/export-service.js';
import { ImportService } from './modules/transfer/import-service.js';
import { transferRoutes } from './modules/transfer/routes.js';
import { ViewService } from './modules/views/service.js';
import { PRODUCT_VERSION } from './version.js';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
}

/**
 * Bodies are validated strictly (no type coercion, unknown properties refused); query strings and
 * path parameters are strings on the wire, so those are coerced.
 */
function validatorCompiler() {
  const common = { allErrors: true, useDefaults: true, removeAdditional: false, strict: false } as const;
  const bodyAjv = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const otherAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
    (httpPart === 'body' ? bodyAjv : otherAjv).compile(schema);
}

export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'res.headers["set-cookie"]', 'req.headers.authorization'],
    },
    bodyLimit: Limits.bodyLimitBytes,
    genReqId: () => randomUUID().replaceAll('-', ''),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler());
  // Only JSON bodies: a cross-site form post (text/plain, urlencoded) cannot reach a handler.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (req, reply) => {
    reply.header(Headers.traceId, req.id);
  });

  const services: Services = { config, db: database.db, dialect: database.dialect };
  await app.register(fastifyCookie);
  await registerDocs(app, PRODUCT_VERSION);
  registerErrorHandling(app);

  const accounts = createAccountService(services);
  const engines = new EngineRepository(services.db);
  registerSession(app, accounts);
  registerTenant(app, engines);

  systemRoutes(app, services);
  accountRoutes(app, services, accounts);
  engineRoutes(app, engines, new EngineService(services.db, engines));
  noticeRoutes(app, services);
  const delivery = new Delivery(services.db, app.log, config.smtpUrl);
  const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  invitationRoutes(app, new InvitationService(services.db, new InvitationRepository(services.db), delivery, baseUrl));
  adminRoutes(app, delivery);
  const orgRepository = new OrgRepository(services.db);
  const departments = new DepartmentService(services.db, orgRepository);
  orgRoutes(app, departments, new MemberService(services.db, orgRepository, departments));
  const appRepository = new AppRepository(services.db);
  const schemas = new SchemaService(services.db, appRepository, new SchemaRepository(services.db));
  appRoutes(
    app,
    new AppService(services.db, appRepository),
    new AppRoleService(services.db, appRepository),
    new NodeService(services.db, appRepository, (trx, node) => schemas.createForNode(trx, node)),
  );
  await fileRoutes(app, new FileService(services.db, config.dataDir));
  const records = new RecordService(services.db, new RecordRepository(services.db), (ctx, code) =>
    schemas.targetContext(ctx, code),
  );
  const views = new ViewService(services.db);
  schemaRoutes(app, services.db, schemas, new FormService(services.db), records, views);
  const imports = new ImportService(services.db, records, config.dataDir);
  await imports.recover();
  transferRoutes(app, schemas, new ExportService(services.db, records, views), imports);
  const avatars = new AvatarStore(config.dataDir);
  settingsRoutes(app, new SettingsService(services.db, new VerificationCodes(services.db, delivery), avatars), avatars);

  await registerWebApp(app, config.webDist, config.cdnBase);
  return app;
}
