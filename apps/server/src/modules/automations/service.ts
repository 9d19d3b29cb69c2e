import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AutomationDefinition,
  type AutomationItem,
  AutomationLimits,
  type AutomationRun,
  type AutomationRunStatus,
  type CreateAutomationBody,
  ErrorCode,
  formatMessage,
  type Language,
  type ServerMessageKey,
  type UpdateAutomationBody,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { AutomationRunsTable, AutomationsTable, Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { JobQueue } from '../../jobs/queue.js';
import { type AppAccess, requireEdit, resolveApp } from '../apps/access.js';
import type { AppRepository } from '../apps/repository.js';
import type { RecordService } from '../records/service.js';
import type { WorkflowContexts } from '../workflow/contexts.js';
import { checkDefinition } from './check.js';
import type { AutomationEvents } from './events.js';
import { Execution, errorText, StepFailed, stepRunOf } from './execution.js';
import { withRunDepth } from './loop-guard.js';
import type { AutomationRepository } from './repository.js';
import { RUN_JOB } from './runner.js';
import type { StepKinds } from './steps.js';
import { MemoryStore } from './stores.js';

const notFound = () => new AppError(404, ErrorCode.notFound, 'automation.notFound');
const runNotFound = () => new AppError(404, ErrorCode.notFound, 'automation.runNotFound');

/** A kept error as the reader's language says it (a message key with params), or its text. */
export function errorMessage(error: string | null, lang: Language): string | null {
  if (error === null) return null;
  try {
    const e = JSON.parse(error) as { key?: string; params?: Record<string, string | number> };
    if (typeof e.key === 'string') return formatMessage(e.key as ServerMessageKey, lang, e.params ?? {});
  } catch {
    // A plain text error (not JSON): shown as it is.
  }
  return error;
}

/** Rolls a test run's transaction back once it has answered. */
class TestDone extends Error {}

/** The designers' side of automations: drafts, publishing, switching, test runs, history, re-runs. */
export class AutomationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AutomationRepository,
    private readonly apps: AppRepository,
    private readonly events: AutomationEvents,
    private readonly kinds: StepKinds,
    private readonly records: RecordService,
    private readonly contexts: WorkflowContexts,
    private readonly jobs: JobQueue,
    private readonly now: () => number = Date.now,
  ) {}

  private async design(tenant: TenantContext | null, appCode: string, admin: boolean): Promise<AppAccess> {
    const access = await resolveApp(this.apps, tenant, appCode, admin);
    requireEdit(access);
    return access;
  }

  private async automation(access: AppAccess, id: string): Promise<AutomationsTable> {
    const a = await this.repo.find(access.tenant.engineCode, id);
    if (!a || a.app_code !== access.app.code) throw notFound();
    return a;
  }

  private async toItem(a: AutomationsTable): Promise<AutomationItem> {
    const published = Number(a.version) ? await this.repo.version(a.id, Number(a.version)) : undefined;
    const draft = JSON.parse(a.draft) as AutomationDefinition;
    return {
      id: a.id,
      appCode: a.app_code,
      name: a.name,
      definition: draft,
      enabled: Number(a.enabled) === 1,
      version: Number(a.version),
      draftChanged: !published || published.definition !== a.draft,
      webhookPath:
        draft.trigger.kind === 'webhook' || a.trigger_kind === 'webhook'
          ? `/v1/automation-hooks/${a.id}/${a.webhook_secret}`
          : null,
      publishedBy: a.published_by,
      nextFireAt: a.next_fire_at === null ? null : Number(a.next_fire_at),
      createdAt: Number(a.created_at),
      updatedAt: Number(a.updated_at),
    };
  }

  async list(tenant: TenantContext | null, appCode: string, admin: boolean): Promise<AutomationItem[]> {
    const access = await this.design(tenant, appCode, admin);
    return Promise.all((await this.repo.list(access.tenant.engineCode, access.app.code)).map((a) => this.toItem(a)));
  }

  async get(tenant: TenantContext | null, appCode: string, admin: boolean, id: string): Promise<AutomationItem> {
    const access = await this.design(tenant, appCode, admin);
    return this.toItem(await this.automation(access, id));
  }

  async create(tenant: TenantContext | null, appCode: string, admin: boolean, body: CreateAutomationBody) {
    const access = await this.design(tenant, appCode, admin);
    await checkDefinition(this.db, this.repo, access.tenant.engineCode, access.app.code, body.definition);
    const now = this.now();
    const row: AutomationsTable = {
      id: randomUUID(),
      engine_code: access.tenant.engineCode,
      app_code: access.app.code,
      name: body.name,
      draft: JSON.stringify(body.definition),
      enabled: 0,
      version: 0,
      trigger_kind: null,
      schema_code: null,
      next_fire_at: null,
      webhook_secret: randomBytes(24).toString('hex'),
      published_by: null,
      created_by: access.tenant.memberId,
      created_at: now,
      updated_at: now,
    };
    await this.db.transaction().execute((trx) => this.repo.insert(trx, row));
    return this.toItem(row);
  }

  async update(tenant: TenantContext | null, appCode: string, admin: boolean, id: string, body: UpdateAutomationBody) {
    const access = await this.design(tenant, appCode, admin);
    const a = await this.automation(access, id);
    if (body.definition)
      await checkDefinition(this.db, this.repo, access.tenant.engineCode, access.app.code, body.definition);
    const set: Partial<AutomationsTable> = { updated_at: this.now() };
    if (body.name !== undefined) set.name = body.name;
    if (body.definition) set.draft = JSON.stringify(body.definition);
    await this.db.transaction().execute((trx) => this.repo.update(trx, a.engine_code, a.id, set));
    return this.toItem({ ...a, ...set });
  }

  async remove(tenant: TenantContext | null, appCode: string, admin: boolean, id: string): Promise<void> {
    const access = await this.design(tenant, appCode, admin);
    const a = await this.automation(access, id);
    await this.db.transaction().execute(async (trx) => {
      await this.replanDates(trx, a.id, a.trigger_kind, null);
      await this.repo.remove(trx, a.engine_code, a.id);
    });
  }

  /**
   * The draft becomes the next version (checked again: a table or field may have gone since it was
   * saved); runs from now on use it and act as the member publishing it.
   */
  async publish(tenant: TenantContext | null, appCode: string, admin: boolean, id: string) {
    const access = await this.design(tenant, appCode, admin);
    const a = await this.automation(access, id);
    const def = JSON.parse(a.draft) as AutomationDefinition;
    await checkDefinition(this.db, this.repo, a.engine_code, a.app_code, def);
    const now = this.now();
    const next = Number(a.enabled) === 1 ? await this.events.firstFire(a.engine_code, def) : null;
    const version = Number(a.version) + 1;
    const set: Partial<AutomationsTable> = {
      version,
      trigger_kind: def.trigger.kind,
      schema_code: 'schemaCode' in def.trigger ? def.trigger.schemaCode : null,
      next_fire_at: next,
      published_by: access.tenant.memberId,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await this.repo.insertVersion(trx, {
        automation_id: a.id,
        version,
        definition: a.draft,
        published_by: access.tenant.memberId,
        published_at: now,
      });
      await this.repo.update(trx, a.engine_code, a.id, set);
      await this.replanDates(trx, a.id, a.trigger_kind, Number(a.enabled) === 1 ? def.trigger.kind : null);
    });
    return this.toItem({ ...a, ...set });
  }

  /**
   * A date automation's planned times follow what it is now: the old ones go, and while it is on
   * the table's records are planned again in the background (its offset or field may have changed).
   */
  private async replanDates(trx: Kysely<Database>, id: string, before: string | null, now: string | null) {
    const dates = this.events.dates;
    if (!dates) return;
    if (before === 'date') await dates.dropAll(trx, id);
    if (now === 'date') await dates.planLater(trx, id);
  }

  /** On or off; a schedule switched on starts from now (no backlog of times missed while off). */
  async setEnabled(tenant: TenantContext | null, appCode: string, admin: boolean, id: string, enabled: boolean) {
    const access = await this.design(tenant, appCode, admin);
    const a = await this.automation(access, id);
    if (enabled && Number(a.version) < 1) throw new AppError(409, ErrorCode.conflict, 'automation.notPublished');
    const published = enabled ? await this.repo.version(a.id, Number(a.version)) : undefined;
    const next = published
      ? await this.events.firstFire(a.engine_code, JSON.parse(published.definition) as AutomationDefinition)
      : null;
    const set: Partial<AutomationsTable> = { enabled: enabled ? 1 : 0, next_fire_at: next, updated_at: this.now() };
    await this.db.transaction().execute(async (trx) => {
      await this.repo.update(trx, a.engine_code, a.id, set);
      await this.replanDates(trx, a.id, a.trigger_kind, enabled ? a.trigger_kind : null);
    });
    return this.toItem({ ...a, ...set });
  }

  /**
   * The draft run against a chosen record (or webhook body) in one transaction that is rolled back:
   * each step's input and output as they would be; HTTP requests are described, not sent.
   */
  async test(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    id: string,
    body: { recordId?: string; body?: unknown },
    lang: Language,
  ) {
    const access = await this.design(tenant, appCode, admin);
    const a = await this.automation(access, id);
    const def = JSON.parse(a.draft) as AutomationDefinition;
    const t = def.trigger;
    let trigger: unknown;
    const now = this.now();
    const outcome = { status: 'done', error: null as string | null, steps: [] as ReturnType<typeof stepRunOf>[] };
    try {
      await this.db.transaction().execute(async (trx) => {
        if ('schemaCode' in t) {
          if (!body.recordId) throw new AppError(400, ErrorCode.validationFailed, 'automation.testNeedsRecord');
          const ctx = await this.contexts.forEngine(access.tenant, a.app_code, t.schemaCode, trx);
          const found = await this.records.findItem(ctx, body.recordId, trx);
          if (!found) throw new AppError(404, ErrorCode.notFound, 'automation.recordMissing', { id: body.recordId });
          const record = { id: found.id, version: found.version, data: found.data };
          trigger = {
            event: 'events' in t ? t.events[0] : t.kind,
            schemaCode: t.schemaCode,
            record,
            changed: [],
            memberId: access.tenant.memberId,
          };
        } else trigger = t.kind === 'webhook' ? { body: body.body ?? null } : { firedAt: now };
        const store = new MemoryStore(trx, this.now);
        const execution = new Execution(this.kinds, store, {
          tenant: access.tenant,
          appCode: a.app_code,
          now: this.now,
          dryRun: true,
        });
        try {
          await withRunDepth(0, () => execution.list(def.steps, '', { trigger, steps: {} }));
        } catch (e) {
          if (!(e instanceof StepFailed)) throw e;
          store.push(e.path, e.step, 'failed', { input: e.input }, this.now(), errorText(e.reason));
          outcome.status = 'failed';
          outcome.error = errorMessage(errorText(e.reason), lang);
        }
        outcome.steps = store.rows.map((r) => ({ ...stepRunOf(r), error: errorMessage(r.error, lang) }));
        throw new TestDone();
      });
    } catch (e) {
      if (!(e instanceof TestDone)) throw e;
    }
    return outcome;
  }

  private runOf(r: AutomationRunsTable, lang: Language): AutomationRun {
    return {
      id: r.id,
      automationId: r.automation_id,
      version: Number(r.version),
      status: r.status as AutomationRunStatus,
      trigger: JSON.parse(r.trigger),
      depth: Number(r.depth),
      actorMemberId: r.actor_member_id,
      error: errorMessage(r.error, lang),
      createdAt: Number(r.created_at),
      startedAt: r.started_at === null ? null : Number(r.started_at),
      finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    };
  }

  async runs(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    id: string,
    query: { status?: AutomationRunStatus; before?: number },
    lang: Language,
  ): Promise<AutomationRun[]> {
    const access = await this.design(tenant, appCode, admin);
    const a = await this.automation(access, id);
    const rows = await this.repo.runs(a.engine_code, a.id, query, AutomationLimits.runsPage);
    return rows.map((r) => this.runOf(r, lang));
  }

  async run(tenant: TenantContext | null, appCode: string, admin: boolean, id: string, runId: string, lang: Language) {
    const access = await this.design(tenant, appCode, admin);
    const a = await this.automation(access, id);
    const r = await this.repo.runOf(a.engine_code, a.id, runId);
    if (!r) throw runNotFound();
    const steps = await this.repo.steps(r.id);
    return {
      ...this.runOf(r, lang),
      steps: steps.map((s) => ({ ...stepRunOf(s), error: errorMessage(s.error, lang) })),
    };
  }

  /** A failed run queued again: its failed step's row goes, the steps before it are replayed, not repeated. */
  async rerun(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    id: string,
    runId: string,
    lang: Language,
  ) {
    const access = await this.design(tenant, appCode, admin);
    const a = await this.automation(access, id);
    const r = await this.repo.runOf(a.engine_code, a.id, runId);
    if (!r) throw runNotFound();
    const again = await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.setRun(trx, r.id, { status: 'queued', error: null, finished_at: null }, ['failed'])))
        return false;
      await this.repo.removeFailedSteps(trx, r.id);
      await this.jobs.enqueue(RUN_JOB, { runId: r.id }, { trx });
      return true;
    });
    if (!again) throw new AppError(409, ErrorCode.conflict, 'automation.notFailed');
    return this.run(tenant, appCode, admin, id, runId, lang);
  }
}
