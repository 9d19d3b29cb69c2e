import type { ActionNode, ConditionBranch, FieldAssignment, ParticipantRule } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { RecordEffects } from '../automations/effects.js';
import type { RecordService } from '../records/service.js';
import type { SchemaContext } from '../schema-context/context.js';
import { asMember, type WorkflowContexts } from './contexts.js';
import type { DirectoryRepository } from './directory-repository.js';
import type { FlowNotify } from './flow-hooks.js';
import type { EngineLog } from './interpreter.js';
import { withAncestors } from './participants.js';
import type { InstanceRow } from './repository.js';

/** What automatic nodes and conditions run against: the action's transaction and instance. */
export interface AutomationEnv {
  trx: Kysely<Database>;
  /** The member whose action runs the engine (writes are in their name). */
  tenant: TenantContext;
  instance: InstanceRow;
  now: number;
  resolve(nodeId: string, rules: ParticipantRule[]): Promise<string[]>;
  log(entry: EngineLog): Promise<void>;
  /** Letters go through the one writer (counts, live signal), in this transaction. */
  notify: FlowNotify;
}

/** Automatic nodes (update this record, create a record in another table, notify) and branch conditions. */
export class Automation {
  /** Record writes go through the effects automations' steps use: one code path for each. */
  private readonly effects: RecordEffects;

  constructor(
    private readonly records: RecordService,
    private readonly contexts: WorkflowContexts,
    private readonly directory: DirectoryRepository,
  ) {
    this.effects = new RecordEffects(records);
  }

  private async values(
    ctx: SchemaContext,
    target: SchemaContext,
    env: AutomationEnv,
    assignments: FieldAssignment[],
  ): Promise<Record<string, unknown>> {
    const current = (await this.records.findItem(ctx, env.instance.record_id, env.trx))?.data ?? {};
    const live = (c: SchemaContext, code: string) => c.fields.some((f) => f.code === code && f.deleted_at === null);
    const data: Record<string, unknown> = {};
    // A field deleted since the flow was published is simply left out.
    for (const a of assignments) {
      if (!live(target, a.field)) continue;
      if (a.fromField !== undefined) {
        if (live(ctx, a.fromField)) data[a.field] = current[a.fromField] ?? null;
      } else data[a.field] = a.value ?? null;
    }
    return data;
  }

  async run(node: ActionNode, env: AutomationEnv): Promise<void> {
    const { instance } = env;
    const ctx = await this.contexts.forEngine(env.tenant, instance.app_code, instance.schema_code, env.trx);
    for (const op of node.settings.operations) {
      if (op.kind === 'updateFields') {
        const data = await this.values(ctx, ctx, env, op.values);
        if (!Object.keys(data).length) continue;
        const done = await this.effects.updateRecord(ctx, env.trx, instance.record_id, data);
        if (!done) continue;
        await env.log({ nodeId: node.id, action: 'autoUpdate', changes: done.changes });
      } else if (op.kind === 'createRecord') {
        const target = await this.contexts.forEngine(env.tenant, instance.app_code, op.schemaCode, env.trx);
        const created = await this.effects.createRecord(
          target,
          env.trx,
          await this.values(ctx, target, env, op.values),
        );
        await env.log({
          nodeId: node.id,
          action: 'autoCreate',
          detail: { schemaCode: op.schemaCode, recordId: created.id },
        });
      } else {
        const members = await env.resolve(node.id, op.participants);
        const record = (await this.records.findItem(ctx, instance.record_id, env.trx))?.data ?? {};
        const fill = (text: string) => fillPlaceholders(ctx, record, text);
        await env.notify.automatic(
          env.trx,
          instance,
          members,
          { subject: fill(op.subject), content: fill(op.content) },
          env.now,
        );
        await env.log({ nodeId: node.id, action: 'autoNotify', detail: { memberIds: members } });
      }
    }
  }

  /**
   * A branch's condition: the record filter (the views' compiler; "me" is the originator) and the
   * originator's department (or one below it) and app role. A branch without any holds.
   */
  async matches(branch: ConditionBranch, env: AutomationEnv): Promise<boolean> {
    const { instance } = env;
    const originator = instance.originator_member_id;
    if (branch.filter?.conditions.length) {
      const ctx = await this.contexts.forEngine(
        asMember(env.tenant, originator),
        instance.app_code,
        instance.schema_code,
        env.trx,
      );
      if (!(await this.records.matches(ctx, instance.record_id, branch.filter, env.trx))) return false;
    }
    return this.originatorMatches(branch, instance.engine_code, instance.app_code, originator, env.trx);
  }

  /** A branch's originator condition: their department (or one below it) and app role. */
  async originatorMatches(
    branch: ConditionBranch,
    engineCode: string,
    appCode: string,
    originator: string,
    trx: Kysely<Database>,
  ): Promise<boolean> {
    const o = branch.originator;
    if (o?.departments?.length) {
      const tree = await this.directory.departments(engineCode, trx);
      const mine = await this.directory.departmentsOfMember(engineCode, originator, trx);
      const within = withAncestors(
        tree,
        mine.map((d) => d.department_id),
      );
      if (!o.departments.some((d) => within.has(d))) return false;
    }
    if (o?.roles?.length) {
      const held = await this.directory.appRoles(engineCode, appCode, originator, trx);
      if (!o.roles.some((r) => held.has(r))) return false;
    }
    return true;
  }
}

/** `{字段名}` → the record's value of that field, as text. */
export function fillPlaceholders(ctx: SchemaContext, data: Record<string, unknown>, text: string): string {
  return text.replace(/\{([^{}]{1,64})\}/g, (whole, name: string) => {
    const f = ctx.fields.find((x) => x.name === name && x.deleted_at === null && !ctx.rights.hidden.has(x.code));
    if (!f) return whole;
    const v = data[f.code];
    if (v === null || v === undefined) return '';
    return Array.isArray(v) ? v.map(String).join('、') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
}
