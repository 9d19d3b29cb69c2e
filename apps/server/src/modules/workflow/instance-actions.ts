import { randomUUID } from 'node:crypto';
import {
  type ActionResult,
  type CommentBody,
  ErrorCode,
  type InstanceActionBody,
  InstanceState,
  type StartResult,
  type StartWorkflowBody,
  type WorkflowNode,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { mayStartFlow } from '../apps/access.js';
import type { SchemaContext, SchemaContexts } from '../schema-context/context.js';
import { effectiveRules, nodeContext } from './field-rules.js';
import { type FlowDeps, FlowRun, graphOf, inTransaction } from './flow-run.js';
import type { ItemActions } from './item-actions.js';
import { assertOpen } from './item-actions.js';
import { isOpen, offeredActions, offerOf, someoneActed } from './offers.js';
import type { InstanceRow } from './repository.js';
import { emptyRuntime } from './runtime.js';
import { notFound, type WorkflowViews } from './view-service.js';

const forbid = (
  key: 'workflow.originatorOnly' | 'workflow.terminateForbidden' | 'workflow.terminateClosed' | 'workflow.noAccess',
) => new AppError(403, ErrorCode.forbidden, key);
const inFlow = () => new AppError(409, ErrorCode.conflict, 'workflow.recordInFlow');

/**
 * Starting a flow and acting on an instance as a whole (withdraw, terminate, comment), and the ends
 * other modules cause: app deletion terminates, record deletion cancels.
 */
export class InstanceActions {
  constructor(
    private readonly deps: FlowDeps,
    private readonly views: WorkflowViews,
    private readonly items: ItemActions,
    private readonly schemaContexts: SchemaContexts,
  ) {}

  /**
   * Submits a record into the table's published flow (or saves it as a draft): a new record from
   * `data` (the table's add right; the start node's field rules) or an existing one the member can
   * see. The record, the instance and the first work items are written in one transaction.
   */
  async start(tenant: TenantContext, adminHeader: boolean, body: StartWorkflowBody): Promise<StartResult> {
    const ctx = await this.schemaContexts.context(tenant, body.appCode, body.schemaCode, adminHeader);
    if (body.recordId) await this.deps.records.get(ctx, body.recordId);
    else this.deps.records.require(ctx, 'add');
    const wf = await this.deps.repo.workflowOf(tenant.engineCode, ctx.schema.code);
    if (!wf || wf.published_version === 0) throw new AppError(400, ErrorCode.badRequest, 'workflow.notPublished');
    // Which flows a member may start is their roles' choice (issue 27); designers start every flow.
    if (!mayStartFlow(ctx.access, ctx.schema.code)) throw new AppError(403, ErrorCode.forbidden, 'flow.noStart');
    const saved = await inTransaction(
      this.deps.db,
      (trx) => this.startIn(trx, tenant, adminHeader, ctx, wf, body),
      inFlow,
    );
    this.deps.records.changed(ctx);
    const result = await this.views.result(tenant, saved);
    const record = await this.deps.records.findItem(ctx, saved.record_id);
    if (!record) throw new AppError(404, ErrorCode.notFound, 'record.deleted');
    return { ...result, record: await this.deps.records.answerOne(ctx, record) };
  }

  /**
   * The start's writes in the caller's transaction: an automation's "start an approval" step
   * (automations/approval-step.ts) commits them with its step's row, so a resumed run never starts
   * the flow twice.
   */
  async startIn(
    trx: Kysely<Database>,
    tenant: TenantContext,
    adminHeader: boolean,
    ctx: SchemaContext,
    wf: { code: string; published_version: number },
    body: StartWorkflowBody,
  ): Promise<InstanceRow> {
    const now = this.deps.now();
    if (
      body.recordId &&
      (await this.deps.repo.instanceOfRecord(tenant.engineCode, ctx.schema.code, body.recordId, trx))
    )
      throw inFlow();
    const instance: InstanceRow = {
      id: randomUUID(),
      engine_code: tenant.engineCode,
      app_code: ctx.schema.app_code,
      schema_code: ctx.schema.code,
      workflow_code: wf.code,
      workflow_version: wf.published_version,
      record_id: '',
      originator_member_id: tenant.memberId,
      state: InstanceState.Initiated,
      result: '',
      runtime: JSON.stringify(emptyRuntime()),
      current_nodes: '[]',
      version: 1,
      created_at: now,
      started_at: null,
      finished_at: null,
      updated_at: now,
    };
    const graph = await graphOf(this.deps, instance, trx);
    const { record, changes } = await this.writeRecord(ctx, trx, graph.start, body);
    instance.record_id = record.id;
    await this.deps.repo.insertInstance(trx, instance);
    const run = await FlowRun.fresh(this.deps, trx, tenant, instance);
    const startRun = await run.engine.openStart();
    await run.log({ nodeId: startRun.nodeId, action: 'create', memberId: tenant.memberId, changes });
    const draft = await run.persist('start');
    if (body.draft) return draft;
    const [item] = await this.deps.repo.openItemsOf(trx, instance.id);
    if (!item) throw new Error('start item missing');
    return this.items.submitIn(trx, tenant, adminHeader, {
      workItem: { workItemId: item.id },
      ...(body.comment !== undefined ? { comment: body.comment } : {}),
      ...(body.chosenParticipants ? { chosenParticipants: body.chosenParticipants } : {}),
    });
  }

  /** An automation's start of the table's flow for an existing record, in its step's transaction. */
  async startForAutomation(trx: Kysely<Database>, ctx: SchemaContext, recordId: string): Promise<InstanceRow> {
    const tenant = ctx.access.tenant;
    const wf = await this.deps.repo.workflowOf(tenant.engineCode, ctx.schema.code, trx);
    if (!wf || wf.published_version === 0) throw new AppError(400, ErrorCode.badRequest, 'workflow.notPublished');
    if (!(await this.deps.records.findItem(ctx, recordId, trx)))
      throw new AppError(404, ErrorCode.notFound, 'record.deleted');
    const body = { appCode: ctx.schema.app_code, schemaCode: ctx.schema.code, recordId };
    const saved = await this.startIn(trx, tenant, false, ctx, wf, body);
    this.deps.records.changed(ctx);
    return saved;
  }

  /**
   * The record as the start node lets the originator write it: created from data, or an existing one
   * updated. (Submitting then checks the start node's required fields.)
   */
  private async writeRecord(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    start: WorkflowNode | undefined,
    body: StartWorkflowBody,
  ) {
    const nctx = nodeContext(ctx, effectiveRules(ctx, start));
    const before = body.recordId ? await this.deps.records.findItem(nctx, body.recordId, trx) : null;
    if (body.recordId && !before) throw new AppError(404, ErrorCode.notFound, 'record.deleted');
    const data = body.data ?? {};
    const record = !before
      ? await this.deps.records.createIn(nctx, trx, data)
      : Object.keys(data).length
        ? await this.deps.records.updateIn(nctx, trx, before.id, before.version, data, { fromFlow: true })
        : before;
    // The step's field changes: every value the originator gave (from nothing, or from the stored value).
    const changes = Object.keys(record.data)
      .filter((code) => (before ? code in data : true))
      .map((field) => ({ field, from: before?.data[field] ?? null, to: record.data[field] ?? null }))
      .filter((c) => JSON.stringify(c.from) !== JSON.stringify(c.to));
    return { record, changes };
  }

  private async onInstance(
    tenant: TenantContext,
    adminHeader: boolean,
    instanceId: string,
    work: (run: FlowRun, isAdmin: boolean) => Promise<void>,
    action: string,
  ): Promise<ActionResult> {
    const saved = await inTransaction(this.deps.db, async (trx) => {
      const inst = await this.deps.repo.instance(tenant.engineCode, instanceId, trx);
      if (!inst) throw notFound('workflow.instanceNotFound');
      assertOpen(inst);
      const isAdmin = await this.deps.contexts.canAdminister(tenant, inst.app_code, adminHeader, trx);
      const run = await FlowRun.open(this.deps, trx, tenant, inst);
      await work(run, isAdmin);
      return run.persist(action);
    });
    return this.views.result(tenant, saved);
  }

  /** Back to a draft, by the originator, while nobody but them has acted. */
  withdraw(tenant: TenantContext, adminHeader: boolean, body: InstanceActionBody): Promise<ActionResult> {
    return this.onInstance(
      tenant,
      adminHeader,
      body.instanceId,
      async (run) => {
        if (run.instance.originator_member_id !== tenant.memberId) throw forbid('workflow.originatorOnly');
        if (run.instance.state !== InstanceState.Running)
          throw new AppError(409, ErrorCode.conflict, 'workflow.notRunning');
        const items = await this.deps.repo.itemsOf(run.instance.id, run.trx);
        if (someoneActed(items, run.graph.start?.id ?? ''))
          throw new AppError(409, ErrorCode.conflict, 'workflow.withdrawTooLate');
        await run.engine.backToDraft();
        await run.log({
          nodeId: '',
          action: 'withdraw',
          memberId: tenant.memberId,
          comment: (body.comment ?? '').trim(),
        });
      },
      'withdraw',
    );
  }

  /** Ends the flow now: the originator or an app admin, never where a current node sets closeTerminate. */
  terminate(tenant: TenantContext, adminHeader: boolean, body: InstanceActionBody): Promise<ActionResult> {
    return this.onInstance(
      tenant,
      adminHeader,
      body.instanceId,
      async (run, isAdmin) => {
        if (run.instance.originator_member_id !== tenant.memberId && !isAdmin)
          throw forbid('workflow.terminateForbidden');
        const current = Object.values(run.runtime.runs).map((r) => offerOf(run.graph.node(r.nodeId)));
        if (current.some((o) => o.closeTerminate)) throw forbid('workflow.terminateClosed');
        await run.engine.stop(InstanceState.Terminate);
        await run.log({
          nodeId: '',
          action: 'terminate',
          memberId: tenant.memberId,
          comment: (body.comment ?? '').trim(),
        });
      },
      'terminate',
    );
  }

  /** A comment on the instance by someone involved: it changes nothing but the log. */
  comment(tenant: TenantContext, adminHeader: boolean, body: CommentBody): Promise<ActionResult> {
    return this.onInstance(
      tenant,
      adminHeader,
      body.instanceId,
      async (run, isAdmin) => {
        const items = await this.deps.repo.itemsOf(run.instance.id, run.trx);
        const item = body.workItemId ? items.find((i) => i.id === body.workItemId) : undefined;
        if (body.workItemId && !item) throw notFound('workflow.itemNotFound');
        const offered = offeredActions({
          instance: run.instance,
          runtime: run.runtime,
          item: item ?? null,
          node: item ? run.graph.node(item.node_id) : undefined,
          viewer: {
            memberId: tenant.memberId,
            isOriginator: run.instance.originator_member_id === tenant.memberId,
            isAdmin,
          },
          items,
          startNodeId: run.graph.start?.id ?? '',
          revertTargets: [],
          currentOffers: [],
        });
        if (!offered.includes('comment')) throw forbid('workflow.noAccess');
        await run.log({
          nodeId: item?.node_id ?? '',
          action: 'comment',
          memberId: tenant.memberId,
          workItemId: item?.id ?? '',
          comment: body.comment.trim(),
        });
        if (body.mentions?.length)
          await this.deps.hooks.notify.mentioned(
            run.trx,
            run.instance,
            tenant.memberId,
            body.mentions,
            body.comment.trim(),
            run.now,
          );
      },
      'comment',
    );
  }

  // Ends caused elsewhere ----------------------------------------------------------------------

  /** App deletion (spec §4): its running approval flows are terminated, in the deletion's transaction. */
  async appDeleted(trx: Kysely<Database>, tenant: TenantContext, appCode: string): Promise<void> {
    for (const row of await this.deps.repo.openInstancesOfApp(trx, tenant.engineCode, appCode)) {
      const inst = await this.deps.repo.lockAndRead(trx, row.id);
      if (!inst || !isOpen(inst.state)) continue;
      const run = await FlowRun.fresh(this.deps, trx, tenant, inst);
      await run.engine.stop(InstanceState.Terminate);
      await run.log({ nodeId: '', action: 'terminate', memberId: tenant.memberId, detail: { reason: 'appDeleted' } });
      await run.persist('terminate');
    }
  }

  /** A record deleted while in a flow: its instance is canceled, in the deletion's transaction. */
  async recordDeleted(trx: Kysely<Database>, tenant: TenantContext, schemaCode: string, recordId: string) {
    const row = await this.deps.repo.instanceOfRecord(tenant.engineCode, schemaCode, recordId, trx);
    if (!row) return;
    const inst = await this.deps.repo.lockAndRead(trx, row.id);
    if (!inst || !isOpen(inst.state)) return;
    const run = await FlowRun.fresh(this.deps, trx, tenant, inst);
    await run.engine.stop(InstanceState.Canceled);
    await run.log({ nodeId: '', action: 'cancel', memberId: tenant.memberId, detail: { reason: 'recordDeleted' } });
    await run.persist('cancel');
  }
}
