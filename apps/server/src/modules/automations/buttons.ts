import {
  type AutomationButton,
  AutomationLimits,
  type AutomationRunStatus,
  type AutomationTrigger,
  type ButtonRunResult,
  ErrorCode,
  type Language,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { AutomationsTable, Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { AppAccess } from '../apps/access.js';
import type { RecordService } from '../records/service.js';
import type { SchemaContexts } from '../schema-context/context.js';
import type { AutomationEvents } from './events.js';
import type { AutomationRepository } from './repository.js';
import { definitionOf } from './runner.js';
import { errorMessage } from './service.js';

type ButtonTrigger = Extract<AutomationTrigger, { kind: 'button' }>;

const ENDED = new Set(['done', 'failed', 'stopped', 'skipped']);
const notFound = () => new AppError(404, ErrorCode.notFound, 'automation.notFound');

/** Whether a member sees a button: the app's designers always; else no roles named, or one they hold. */
export function seesButton(t: ButtonTrigger, access: AppAccess): boolean {
  if (access.canEdit || !t.roles?.length) return true;
  return t.roles.some((r) => access.roles.includes(r));
}

/**
 * Buttons on records (issue 28): any member who sees a table sees its enabled button automations
 * their roles are given, and may press one on a record they see (the table's view right and row
 * rule, checked here). The press queues a run like any trigger (the run still acts as the
 * publisher, decision 0095) and waits a while for its end, so the presser sees its result at once;
 * a longer run is asked after by its id.
 */
export class AutomationButtons {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AutomationRepository,
    private readonly schemaContexts: SchemaContexts,
    private readonly records: RecordService,
    private readonly events: AutomationEvents,
    private readonly now: () => number = Date.now,
  ) {}

  private async buttonsOf(engineCode: string, schemaCode: string) {
    const rows = await this.repo.ofTable(this.db, engineCode, schemaCode, 'button');
    const out: { a: AutomationsTable; t: ButtonTrigger }[] = [];
    for (const a of rows) {
      const t = (await definitionOf(this.repo, a.id, Number(a.version)))?.definition.trigger;
      if (t?.kind === 'button') out.push({ a, t });
    }
    return out.sort((x, y) => Number(x.a.created_at) - Number(y.a.created_at));
  }

  async list(tenant: TenantContext | null, appCode: string, schemaCode: string, admin: boolean) {
    const ctx = await this.schemaContexts.context(tenant, appCode, schemaCode, admin);
    this.records.require(ctx, 'view');
    const buttons = await this.buttonsOf(ctx.schema.engine_code, ctx.schema.code);
    return buttons
      .filter(({ t }) => seesButton(t, ctx.access))
      .map(({ a, t }): AutomationButton => ({ automationId: a.id, label: t.label, confirm: t.confirm || null }));
  }

  async press(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    automationId: string,
    recordId: string,
    lang: Language,
  ): Promise<ButtonRunResult> {
    if (!tenant) throw notFound();
    const a = await this.repo.find(tenant.engineCode, automationId);
    if (!a || a.app_code !== appCode || a.trigger_kind !== 'button' || Number(a.enabled) !== 1 || !a.schema_code)
      throw notFound();
    const ctx = await this.schemaContexts.context(tenant, appCode, a.schema_code, admin);
    const t = (await definitionOf(this.repo, a.id, Number(a.version)))?.definition.trigger;
    if (t?.kind !== 'button' || !seesButton(t, ctx.access)) throw notFound();
    // The record as the member may see it (view right, row rule): else "not found", nothing queued.
    await this.records.get(ctx, recordId);
    const record = await this.records.findItem(ctx, recordId);
    if (!record) throw new AppError(404, ErrorCode.notFound, 'record.deleted');
    const runId = await this.events.pressed(a, a.schema_code, record, tenant.memberId);
    return this.waitFor(tenant, a.id, runId, lang, AutomationLimits.buttonWaitMs);
  }

  /** A run the member started by pressing (its presser only). */
  async pressed(
    tenant: TenantContext | null,
    appCode: string,
    automationId: string,
    runId: string,
    lang: Language,
  ): Promise<ButtonRunResult> {
    if (!tenant) throw notFound();
    const a = await this.repo.find(tenant.engineCode, automationId);
    if (!a || a.app_code !== appCode) throw notFound();
    return this.waitFor(tenant, a.id, runId, lang, 0);
  }

  /** The run's state now, or once it ended within `waitMs` (looked at with a growing pause). */
  private async waitFor(
    tenant: TenantContext,
    automationId: string,
    runId: string,
    lang: Language,
    waitMs: number,
  ): Promise<ButtonRunResult> {
    const until = this.now() + waitMs;
    let pause = 50;
    for (;;) {
      const run = await this.repo.runOf(tenant.engineCode, automationId, runId);
      if (!run || run.actor_member_id !== tenant.memberId || !JSON.parse(run.trigger).pressedBy)
        throw new AppError(404, ErrorCode.notFound, 'automation.runNotFound');
      if (ENDED.has(run.status) || this.now() >= until) {
        const steps = await this.repo.steps(run.id);
        const last = steps.filter((s) => s.status === 'done').at(-1);
        return {
          runId: run.id,
          status: run.status as AutomationRunStatus,
          error: errorMessage(run.error, lang),
          output: last?.output ? JSON.parse(last.output) : null,
        };
      }
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, 500);
    }
  }
}
