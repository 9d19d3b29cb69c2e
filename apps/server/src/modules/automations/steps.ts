import { AutomationLimits, type AutomationStep } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { Reach } from '../../net/guard.js';
import type { MailQueue } from '../delivery/mail-queue.js';
import type { RecordService } from '../records/service.js';
import type { WorkflowContexts } from '../workflow/contexts.js';
import { type ApprovalStarter, approvalStep } from './approval-step.js';
import { codeStep } from './code-step.js';
import { type Effects, recordMissing } from './effects.js';
import { HttpStepError, sendRequest } from './http-step.js';
import { mailStep } from './mail-step.js';
import { resolveRecipients, targetsOf } from './recipients.js';
import { fill, fillText, type Scope } from './template.js';
import { wecomRobotStep } from './wecom-robot-step.js';

/** Where one step runs: the transaction its effect commits in, who it acts as, what it can name. */
export interface StepEnv {
  trx: Kysely<Database>;
  tenant: TenantContext;
  appCode: string;
  now: number;
  /** A test run: HTTP requests are described, not sent (the transaction is rolled back anyway). */
  dryRun: boolean;
  scope: Scope;
}

export interface StepResult {
  input: unknown;
  output: unknown;
}

const asValues = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const plain = (r: { id: string; version: number; data: Record<string, unknown> }) => ({
  id: r.id,
  version: r.version,
  data: r.data,
});

/**
 * What each kind of step does (a branch's and a loop's bodies are the runner's). Reads and writes
 * go through the app's tables unrestricted, in the name of the acting member (the publisher); every
 * database effect is in `env.trx`.
 */
export class StepKinds {
  /** The workflow's start path (app.ts wires it once the workflow module exists: it hears automations too). */
  approvals: ApprovalStarter | undefined;

  constructor(
    private readonly effects: Effects,
    private readonly records: RecordService,
    private readonly contexts: WorkflowContexts,
    private readonly reach: Reach,
    private readonly mail: MailQueue,
    /** WeCom's API for group robots (config.wecomRobotBase). */
    private readonly wecomBase = 'https://qyapi.weixin.qq.com',
  ) {}

  private table(env: StepEnv, schemaCode: string) {
    return this.contexts.forEngine(env.tenant, env.appCode, schemaCode, env.trx);
  }

  /** Whether the branch's record matches its filter: the condition step's answer. */
  async condition(step: Extract<AutomationStep, { kind: 'condition' }>, env: StepEnv): Promise<StepResult> {
    const recordId = fillText(step.recordId, env.scope);
    const ctx = await this.table(env, step.schemaCode);
    const matched = recordId ? await this.records.matches(ctx, recordId, step.filter, env.trx) : false;
    return { input: { schemaCode: step.schemaCode, recordId, filter: step.filter }, output: { matched } };
  }

  async find(step: Extract<AutomationStep, { kind: 'findRecords' }>, env: StepEnv): Promise<StepResult> {
    const ctx = await this.table(env, step.schemaCode);
    const limit = Math.min(step.limit, AutomationLimits.findMax);
    const found = await this.records.findIn(ctx, env.trx, step.filter, step.sorts ?? [], limit);
    return {
      input: { schemaCode: step.schemaCode, filter: step.filter ?? null, sorts: step.sorts ?? [], limit },
      output: { count: found.length, records: found.map(plain) },
    };
  }

  /** A step without a body of steps. */
  async leaf(step: AutomationStep, env: StepEnv): Promise<StepResult> {
    switch (step.kind) {
      case 'createRecord': {
        const values = asValues(fill(step.values, env.scope));
        const ctx = await this.table(env, step.schemaCode);
        const created = await this.effects.createRecord(ctx, env.trx, values);
        return { input: { schemaCode: step.schemaCode, values }, output: { record: plain(created) } };
      }
      case 'updateRecord': {
        const id = fillText(step.recordId, env.scope);
        const values = asValues(fill(step.values, env.scope));
        const ctx = await this.table(env, step.schemaCode);
        const done = await this.effects.updateRecord(ctx, env.trx, id, values);
        if (!done) throw recordMissing(id);
        return {
          input: { schemaCode: step.schemaCode, recordId: id, values },
          output: { record: plain(done.record), changes: done.changes },
        };
      }
      case 'deleteRecord': {
        const id = fillText(step.recordId, env.scope);
        const ctx = await this.table(env, step.schemaCode);
        if (!(await this.effects.deleteRecord(ctx, env.trx, id))) throw recordMissing(id);
        return { input: { schemaCode: step.schemaCode, recordId: id }, output: { deleted: id } };
      }
      case 'sendLetter':
        return this.letter(step, env);
      case 'http':
        return this.http(step, env);
      case 'sendMail':
        return mailStep(this.mail, step, env);
      case 'startApproval':
        return approvalStep(this.approvals, step, env, (code) => this.table(env, code));
      case 'code':
        return codeStep(step, env);
      case 'wecomRobot':
        return wecomRobotStep(this.wecomBase, this.reach, step, env);
      case 'delay':
      case 'condition':
      case 'findRecords':
        throw new Error(`${step.kind} is run by the runner`);
    }
  }

  private async letter(step: Extract<AutomationStep, { kind: 'sendLetter' }>, env: StepEnv): Promise<StepResult> {
    // Members who left the team since the design receive nothing; roles and departments are read now.
    const memberIds = await resolveRecipients(env.trx, env.tenant.engineCode, env.appCode, step, env.scope);
    const subject = fillText(step.subject, env.scope);
    const content = fillText(step.content, env.scope);
    await this.effects.letter(env.trx, env.tenant.engineCode, memberIds, { subject, content }, env.now);
    return { input: { ...targetsOf(step), subject, content }, output: { memberIds } };
  }

  private async http(step: Extract<AutomationStep, { kind: 'http' }>, env: StepEnv): Promise<StepResult> {
    const request = {
      method: step.method,
      url: fillText(step.url, env.scope),
      headers: Object.fromEntries(Object.entries(step.headers ?? {}).map(([k, v]) => [k, fillText(v, env.scope)])),
      body: step.body === undefined ? undefined : fill(step.body, env.scope),
      timeoutMs: step.timeoutMs ?? AutomationLimits.httpTimeoutMsDefault,
    };
    if (env.dryRun) return { input: request, output: { sent: false } };
    try {
      return { input: request, output: await sendRequest(request, this.reach) };
    } catch (e) {
      if (e instanceof HttpStepError)
        throw e.refused
          ? new AppError(400, 'automation.http', 'automation.httpRefused')
          : new AppError(502, 'automation.http', 'automation.httpFailed', { reason: e.message });
      throw e;
    }
  }
}
