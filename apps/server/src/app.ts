import { randomUUID } from 'node:crypto';
import { Headers, Limits } from '@canopy/contract';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { Invalidations } from './db/invalidation.js';
import { FieldValidationError } from './http/app-error.js';
import { serializerCompiler, validatorCompiler } from './http/compilers.js';
import { registerCompression } from './http/compression.js';
import type { Services } from './http/context.js';
import { registerDocs } from './http/docs.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerJsonBody } from './http/json-body.js';
import { registerOriginCheck } from './http/origin.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSession } from './http/session.js';
import { registerWebApp } from './http/static.js';
import { registerTenant } from './http/tenant.js';
import { nulAt } from './http/validation.js';
import { JobQueue } from './jobs/queue.js';
import { Passwords } from './modules/account/passwords.js';
import { accountRoutes, createAccountService } from './modules/account/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { ApiTokenRepository } from './modules/api-tokens/repository.js';
import { apiTokenRoutes } from './modules/api-tokens/routes.js';
import { ApiTokenService } from './modules/api-tokens/service.js';
import { AppRolesRepository } from './modules/app-roles/repository.js';
import { appRoleRoutes } from './modules/app-roles/routes.js';
import { AppRolesService } from './modules/app-roles/service.js';
import { AppLogRepository } from './modules/applog/repository.js';
import { appLogRoutes } from './modules/applog/routes.js';
import { AppLogService } from './modules/applog/service.js';
import { indexLogTitles } from './modules/applog/title-index.js';
import { AppService } from './modules/apps/apps-service.js';
import { CustomMenuService } from './modules/apps/custom-menu.js';
import { NodeService } from './modules/apps/nodes-service.js';
import { AppRepository } from './modules/apps/repository.js';
import { AppRoleService } from './modules/apps/roles-service.js';
import { appRoutes } from './modules/apps/routes.js';
import { moveHistoryEntries } from './modules/audit/history-entries.js';
import { createAutomations } from './modules/automations/module.js';
import { automationRoutes } from './modules/automations/routes.js';
import { createComments } from './modules/comments/module.js';
import { commentRoutes } from './modules/comments/routes.js';
import { customPageRoutes } from './modules/custom-pages/routes.js';
import { CustomPageService } from './modules/custom-pages/service.js';
import { dashboardRoutes } from './modules/dashboards/routes.js';
import { DashboardService, ROLLUP_TIDY } from './modules/dashboards/service.js';
import { registerDataSources } from './modules/datasources/module.js';
import { Delivery } from './modules/delivery/delivery.js';
import { MailQueue } from './modules/delivery/mail-queue.js';
import { AliyunSms } from './modules/delivery/sms.js';
import { EngineRepository } from './modules/engines/repository.js';
import { engineRoutes } from './modules/engines/routes.js';
import { EngineService } from './modules/engines/service.js';
import { FeedbackRepository } from './modules/feedback/repository.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { FeedbackService } from './modules/feedback/service.js';
import { fileRoutes } from './modules/files/routes.js';
import { FileService } from './modules/files/service.js';
import { InvitationRepository } from './modules/invitations/repository.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { InvitationService } from './modules/invitations/service.js';
import { LiveBus } from './modules/live/bus.js';
import { liveRoutes } from './modules/live/routes.js';
import { FlowLetters } from './modules/notices/flow-letters.js';
import { Letters } from './modules/notices/letters.js';
import { NoticeRepository } from './modules/notices/repository.js';
import { noticeRoutes } from './modules/notices/routes.js';
import { NoticeService } from './modules/notices/service.js';
import { todoMail } from './modules/notices/todo-mail.js';
import { TransferLetters } from './modules/notices/transfer-letters.js';
import { onboardingRoutes } from './modules/onboarding/routes.js';
import { DepartmentService } from './modules/org/departments-service.js';
import { MemberService } from './modules/org/members-service.js';
import { OrgRepository } from './modules/org/repository.js';
import { orgRoutes } from './modules/org/routes.js';
import { PackageExportService } from './modules/packages/export-service.js';
import { PackageInstallService } from './modules/packages/install-service.js';
import { packageRoutes } from './modules/packages/routes.js';
import { PackageUpgradeService } from './modules/packages/upgrade-service.js';
import { printRoutes } from './modules/print/routes.js';
import { PrintService } from './modules/print/service.js';
import { RecordLog } from './modules/records/app-log.js';
import { FormulaJobs } from './modules/records/formula-jobs.js';
import { RecordIndexes } from './modules/records/indexes.js';
import { createRecords, shareCounts } from './modules/records/module.js';
import { openRecordRoutes } from './modules/records/open-routes.js';
import { RecordRepository } from './modules/records/repository.js';
import { recordRoutes } from './modules/records/routes.js';
import { type SchemaContext, SchemaContexts } from './modules/schema-context/context.js';
import { schemaContextOf } from './modules/schema-context/request.js';
import { FormService } from './modules/schemas/forms.js';
import { schemaRoutes } from './modules/schemas/routes.js';
import { SchemaService } from './modules/schemas/service.js';
import { AvatarStore } from './modules/settings/avatars.js';
import { VerificationCodes } from './modules/settings/codes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { SettingsService } from './modules/settings/service.js';
import { WechatBinding } from './modules/settings/wechat.js';
import { DeveloperWechat, OfficialAccountWechat } from './modules/settings/wechat-providers.js';
import { wechatRoutes } from './modules/settings/wechat-routes.js';
import { ShortcutRepository } from './modules/shortcuts/repository.js';
import { shortcutRoutes } from './modules/shortcuts/routes.js';
import { ShortcutService } from './modules/shortcuts/service.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { AnnouncementRepository } from './modules/system/announcements-repository.js';
import { AnnouncementService } from './modules/system/announcements-service.js';
import { systemRoutes } from './modules/system/routes.js';
import { templateRoutes } from './modules/templates/routes.js';
import { TemplateService } from './modules/templates/service.js';
import { todoRoutes } from './modules/todos/routes.js';
import { createTodos } from './modules/todos/service.js';
import { ExportJobs } from './modules/transfer/export-jobs.js';
import { ExportService } from './modules/transfer/export-service.js';
import { ImportService } from './modules/transfer/import-service.js';
import { teamExportRoutes, transferRoutes } from './modules/transfer/routes.js';
import { TeamExportService } from './modules/transfer/team-export-service.js';
import { viewRoutes } from './modules/views/routes.js';
import { ViewService } from './modules/views/service.js';
import { FlowWebhooks } from './modules/webhooks/flow-events.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { webhookReach } from './modules/webhooks/sender.js';
import { WebhookService } from './modules/webhooks/service.js';
import { wecomRoutes } from './modules/wecom/routes.js';
import { notifyAll } from './modules/workflow/flow-hooks.js';
import { createWorkflow } from './modules/workflow/module.js';
import { openFlowRoutes } from './modules/workflow/open-routes.js';
import { workflowOpsRoutes } from './modules/workflow/ops-routes.js';
import { workflowRoutes } from './modules/workflow/routes.js';
import { openStore } from './storage/store.js';
import type { TestHooks } from './test-hooks.js';
import { PRODUCT_VERSION } from './version.js';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Records' writes in the application log; off only for the bench's baseline (bench/src/applog.ts). */
  recordLog?: boolean;
  /** Dashboards read kept roll-ups; off only for the bench's side-by-side (bench/src/million/dashboard.ts). */
  dashboardRollups?: boolean;
  /** Tests' hooks into the running server (test-hooks.ts); production passes none. */
  testHooks?: TestHooks;
}

export async function buildApp({
  config,
  database,
  logger,
  recordLog = true,
  dashboardRollups = true,
  testHooks = {},
}: BuildOptions): Promise<FastifyInstance> {
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies: a cross-site form post (text/plain, urlencoded) cannot reach a handler.
  app.removeContentTypeParser('text/plain');
  // JSON nested past Limits.jsonDepthMax is a 400 before it is parsed (no stack overflow, a 500).
  registerJsonBody(app);
  app.addHook('onRequest', async (req, reply) => {
    reply.header(Headers.traceId, req.id);
  });
  // After the session hooks (onRequest), before the schema: a NUL character anywhere is a field error.
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const at = nulAt(value);
      if (at !== null) throw new FieldValidationError([{ field: at || part, key: 'validate.pattern' }]);
    }
  });

  const services: Services = { config, db: database.db, dialect: database.dialect };
  // Headers first, so every answer carries them, refusals included; then the origin check, before
  // any session is looked up or body read.
  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  registerOriginCheck(app, config.publicUrl);
  await app.register(fastifyCookie);
  await registerDocs(app, PRODUCT_VERSION, config.publicUrl);
  registerErrorHandling(app);

  const accounts = createAccountService(services);
  const engines = new EngineRepository(services.db);
  const apiTokens = new ApiTokenService(new ApiTokenRepository(services.db), config.apiTokenRatePerMinute);
  registerSession(app, accounts, apiTokens);
  registerTenant(app, engines);

  const announcements = new AnnouncementService(new AnnouncementRepository(services.db));
  systemRoutes(app, services, announcements, database.listener?.state);
  // PostgreSQL's LISTEN connection: its losses and returns are logged (it reconnects by itself).
  const unwatch = database.listener?.watch((event) => {
    if (event.state === 'up') app.log.info('LISTEN connection back: caches dropped, live streams told to refresh');
    else app.log.warn({ err: event.error, attempt: event.attempt }, 'LISTEN connection lost; reconnecting');
  });
  if (unwatch) app.addHook('onClose', async () => void unwatch());
  accountRoutes(app, services, accounts);
  apiTokenRoutes(app, apiTokens);
  engineRoutes(app, engines, new EngineService(services.db, engines));
  const live = new LiveBus(database);
  await live.start();
  app.addHook('onClose', () => live.close());
  // One job queue for every process on the database: imports, and the periodic drains and
  // maintenance (main.ts schedules those that tests drive themselves).
  const jobs = new JobQueue(services.db, services.dialect, app.log, { leaseMs: config.jobLeaseMs });
  app.decorate('jobs', jobs);
  liveRoutes(app, engines, live);
  const letters = new Letters(live);
  const noticeRepository = new NoticeRepository(services.db);
  noticeRoutes(app, noticeRepository, new NoticeService(noticeRepository, live, services.db));
  const delivery = new Delivery(
    services.db,
    app.log,
    config.smtpUrl,
    undefined,
    config.aliyunSms ? new AliyunSms(config.aliyunSms) : undefined,
  );
  const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  onboardingRoutes(app, services, accounts, baseUrl);
  ssoRoutes(app, services, accounts);
  wecomRoutes(app, services, accounts);
  invitationRoutes(
    app,
    new InvitationService(services.db, new InvitationRepository(services.db), delivery, baseUrl, letters, live),
  );
  adminRoutes(app, delivery, announcements);
  const orgRepository = new OrgRepository(services.db);
  const departments = new DepartmentService(services.db, orgRepository);
  orgRoutes(app, departments, new MemberService(services.db, orgRepository, departments));
  const appRepository = new AppRepository(services.db);
  const contexts = new SchemaContexts(services.db, appRepository, config.metadataCache);
  const ctx = schemaContextOf(contexts);
  const recordRepository = new RecordRepository(services.db);
  const formulaJobs = new FormulaJobs(services.db, recordRepository, jobs, app.log);
  const schemas = new SchemaService(services.db, contexts, formulaJobs);
  const apps = new AppService(services.db, appRepository);
  appRoutes(
    app,
    apps,
    new AppRoleService(services.db, appRepository),
    new NodeService(services.db, appRepository, (trx, node) => schemas.createForNode(trx, node)),
    new CustomMenuService(services.db, appRepository),
  );
  appRoleRoutes(app, new AppRolesService(services.db, appRepository, new AppRolesRepository(services.db), contexts));
  shortcutRoutes(app, new ShortcutService(services.db, new ShortcutRepository(services.db), appRepository, contexts));
  const fileStore = openStore(config.dataDir, config.s3);
  app.decorate('fileStore', fileStore);
  const files = new FileService(services.db, fileStore, config.dataDir);
  await fileRoutes(app, files, appRepository);
  feedbackRoutes(app, new FeedbackService(services.db, new FeedbackRepository(services.db), letters), files);
  // Indexes lists and views ask for, built by the job queue (issue 15).
  const recordIndexes = new RecordIndexes(services.db, services.dialect, jobs);
  const records = createRecords(
    services.db,
    recordRepository,
    (ctx, code, trx) => contexts.targetContext(ctx, code, trx),
    { log: new RecordLog(recordLog), indexes: recordIndexes },
  );
  appLogRoutes(app, new AppLogService(new AppLogRepository(services.db, services.dialect)));
  const invalidations = new Invalidations(database);
  await invalidations.start();
  app.addHook('onClose', () => invalidations.close());
  shareCounts(records.counts, invalidations);
  const views = new ViewService(services.db, Date.now, recordIndexes);
  const forms = new FormService(services.db);
  schemaRoutes(app, services.db, ctx, schemas, forms);
  recordRoutes(app, ctx, records.queries, records.writes, (c, code) => views.savedQuery(c, code), records.restore);
  openRecordRoutes(app, ctx, records.queries, records.writes);
  const webhooks = new WebhookService(services.db, config.webhooksAllowPrivate, recordRepository, letters);
  records.hooks.onWrite(
    (c, trx, event, items) =>
      webhooks.enqueue(
        trx,
        WebhookService.recordSource(c),
        event,
        items.map((record) => ({ recordId: record.id, data: { record } })),
      ),
    (c, trx, event) => webhooks.listens(trx, WebhookService.recordSource(c), event),
  );
  webhookRoutes(app, ctx, webhooks);
  await jobs.schedule('webhooks.drain', 2_000, async () => void (await webhooks.drain()));
  // The writes' log entries riding on their history rows become audit_log entries after the commit;
  // on SQLite their titles then go into the search index at once.
  await jobs.schedule('applog.expand', 2_000, async () => {
    await moveHistoryEntries(services.db, {
      onError: (err, historyId) => app.log.error({ err, historyId }, 'a history row’s log entry could not be written'),
    });
    await indexLogTitles(services.db);
  });
  app.decorate('webhooks', webhooks);
  const mailQueue = new MailQueue(services.db, delivery, app.log);
  await jobs.schedule('mail.drain', 2_000, async () => void (await mailQueue.drain()));
  app.decorate('mailQueue', mailQueue);
  // Automations (issue 28): runs queued inside the writes' and flow actions' transactions.
  const automations = createAutomations({
    db: services.db,
    apps: appRepository,
    records: records.service,
    recordRepo: recordRepository,
    letters,
    jobs,
    reach: webhookReach(config.webhooksAllowPrivate),
    mail: mailQueue,
    wecomRobotBase: config.wecomRobotBase,
    schemaContexts: contexts,
    quotas: config.automationQuotas,
  });
  records.hooks.onWrite((c, trx, event, items, changed) =>
    automations.events.recordsWritten(c, trx, event, items, changed),
  );
  automationRoutes(app, automations.service, automations.events, automations.buttons);
  // Record comments (issue 31): a new one is a webhook event and an automation trigger of its table.
  const comments = createComments(services.db, appRepository, records.queries, recordRepository, letters);
  comments.onCreated((c, trx, record, comment) =>
    webhooks.enqueue(trx, WebhookService.recordSource(c), 'comment.created', [
      { recordId: record.id, data: { recordId: record.id, comment } },
    ]),
  );
  comments.onCreated((c, trx, record, comment) => automations.events.commented(c, trx, record, comment));
  commentRoutes(app, ctx, comments);
  await jobs.schedule('automations.cron', 30_000, async () => void (await automations.events.fireDue()));
  app.decorate('automations', automations);
  apps.onDelete((trx, access) => automations.repo.removeOfApp(trx, access.tenant.engineCode, access.app.code));
  const workflow = createWorkflow(
    services.db,
    contexts,
    records.service,
    notifyAll(
      new FlowLetters(letters, live, todoMail(mailQueue, baseUrl)),
      new FlowWebhooks(webhooks),
      automations.events.flowNotify(),
    ),
    Date.now,
    { info: (c) => schemas.info(c), layout: (c) => forms.layout(c) },
  );
  automations.kinds.approvals = workflow.instances;
  workflowRoutes(app, workflow);
  workflowOpsRoutes(app, workflow.ops);
  const todos = createTodos(services.db, workflow.items, records.queries, (c) => forms.layout(c));
  todoRoutes(app, todos);
  openFlowRoutes(app, services.db, { instances: workflow.instances, items: workflow.items, todos });
  app.decorate('workflowDeadlines', workflow.deadlines);
  apps.onDelete((trx, access) => workflow.instances.appDeleted(trx, access.tenant, access.app.code));
  records.hooks.onRemove((c, trx, id) => workflow.instances.recordDeleted(trx, c.access.tenant, c.schema.code, id));
  viewRoutes(app, ctx, views);
  const dashboards = new DashboardService(
    services.db,
    appRepository,
    contexts,
    records.queries,
    jobs,
    Date.now,
    dashboardRollups,
  );
  dashboardRoutes(app, dashboards);
  // Dashboards' kept roll-ups no dashboard reads any more are dropped, grown ones compacted.
  await jobs.schedule(ROLLUP_TIDY, 10 * 60_000, async () => void (await dashboards.tidyRollups()));
  customPageRoutes(app, new CustomPageService(services.db, appRepository));
  await registerDataSources(app, {
    config,
    db: services.db,
    ownDatabase: database.server,
    apps: appRepository,
    jobs,
    formulas: formulaJobs,
    createSchema: (trx, node) => schemas.createForNode(trx, node),
    changed: (schemaCode) => records.counts.drop(schemaCode),
  });
  const timelineOf = async (c: SchemaContext, id: string) =>
    (await workflow.views.byRecord(c.access.tenant, c.access.adminMode, c.schema.app_code, c.schema.code, id))
      ?.timeline ?? null;
  printRoutes(
    app,
    ctx,
    new PrintService(
      services.db,
      records.queries,
      (c) => forms.layout(c),
      timelineOf,
      (f) => files.bytes(f),
      baseUrl,
    ),
  );
  const transferLetters = new TransferLetters(letters);
  const imports = new ImportService(
    services.db,
    records.service,
    fileStore,
    config.dataDir,
    transferLetters,
    jobs,
    (t, a, s, admin) => contexts.context(t, a, s, admin),
    Date.now,
    testHooks.imports,
    database.sqliteFile,
  );
  app.decorate('imports', imports);
  const exportJobs = new ExportJobs(services.db, fileStore, config.dataDir);
  app.decorate('exportJobs', exportJobs);
  const tableExports = new ExportService(
    services.db,
    records.queries,
    views,
    exportJobs,
    jobs,
    (t, a, s, admin) => contexts.context(t, a, s, admin),
    transferLetters,
  );
  transferRoutes(app, ctx, tableExports, exportJobs, imports);
  const installs = new PackageInstallService(services.db, services.dialect, config.dataDir, files, jobs, {
    crashAt: testHooks.packageCrashAt,
  });
  // Before the queue starts (jobs.start below): a committed task's staged files move in first.
  await installs.recover();
  app.addHook('onClose', () => installs.idle());
  app.decorate('packageInstalls', installs);
  const packageExports = new PackageExportService(services.db, appRepository, files);
  packageRoutes(app, packageExports, installs, new PackageUpgradeService(services.db, appRepository, installs));
  teamExportRoutes(
    app,
    new TeamExportService(
      services.db,
      engines,
      records.queries,
      packageExports,
      files,
      exportJobs,
      jobs,
      (t, a, s, admin) => contexts.context(t, a, s, admin),
      letters,
    ),
  );
  const templates = new TemplateService(services.db, appRepository, packageExports, installs, fileStore);
  await templates.loadBuiltins();
  templateRoutes(app, templates);
  const avatars = new AvatarStore(fileStore);
  const passwords = new Passwords(config.passwordHashing);
  settingsRoutes(
    app,
    new SettingsService(services.db, new VerificationCodes(services.db, delivery), avatars, passwords),
    avatars,
  );
  const wechatProvider = config.wechat
    ? new OfficialAccountWechat(config.wechat)
    : new DeveloperWechat(baseUrl, delivery);
  await wechatRoutes(app, new WechatBinding(services.db, wechatProvider), config.wechat?.token ?? '');

  await registerWebApp(app, config.webDist, config.cdnBase);
  jobs.start();
  app.addHook('onClose', () => jobs.stop());
  return app;
}
