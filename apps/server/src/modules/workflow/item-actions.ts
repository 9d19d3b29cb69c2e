import {
  type ActionResult,
  type AddSignerBody,
  type ApprovalBody,
  type CcBody,
  type CommentConfiguration,
  type DeadlineAction,
  ErrorCode,
  InstanceState,
  ItemType,
  type ResumeBody,
  type RevertBody,
  type SaveItemBody,
  type SubmitBody,
  type TransferBody,
  type WorkflowActionCode,
  type WorkflowNode,
  type WorkItemRef,
  WorkItemState,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { effectiveRules, missingRequired, nodeContext, protectSubTables } from './field-rules.js';
import { type FlowDeps, FlowRun, inTransaction } from './flow-run.js';
import { revertTargetsOf, scopesOfRun } from './interpreter.js';
import { checkComment, type NodeOffer, offeredActions, offerOf } from './offers.js';
import type { InstanceRow, WorkItemRow } from './repository.js';
import { notFound, notParticipant, type WorkflowViews } from './view-service.js';

const conflict = (
  key: 'workflow.itemHandled' | 'workflow.resumeTooLate' | 'workflow.instanceCanceled' | 'workflow.instanceEnded',
) => new AppError(409, ErrorCode.conflict, key);
const refuse = (key: 'workflow.actionNotOffered' | 'workflow.memberUnknown' | 'workflow.transferSelf') =>
  new AppError(400, ErrorCode.badRequest, key);

/** An instance that is over takes no action: canceled (its record was deleted) or ended. */
export function assertOpen(inst: InstanceRow): void {
  if (inst.state === InstanceState.Canceled) throw conflict('workflow.instanceCanceled');
  if (inst.state === InstanceState.Finished || inst.state === InstanceState.Terminate)
    throw conflict('workflow.instanceEnded');
}

interface ItemAct {
  run: FlowRun;
  item: WorkItemRow;
  node: WorkflowNode | undefined;
  offer: NodeOffer;
  /** The system acting in the participant's place (a node deadline), or null for the participant. */
  system: SystemAct | null;
}

/**
 * An action the system takes in a participant's place (deadline timers): no offer or comment rules
 * apply, the log names no actor but whom it acted for, with `detail` saying why.
 */
export interface SystemAct {
  comment: string;
  detail: Record<string, unknown>;
}

/**
 * Actions on one work item by its participant. Each is one transaction: the instance is taken with
 * its version, the item completed with a conditional update (exactly once, however many try at
 * once), the interpreter decides what follows, and items, log, record and events are written together.
 */
export class ItemActions {
  constructor(
    private readonly deps: FlowDeps,
    private readonly views: WorkflowViews,
    private readonly members: (engineCode: string, ids: string[], trx: Kysely<Database>) => Promise<Set<string>>,
  ) {}

  private async act(
    tenant: TenantContext,
    adminHeader: boolean,
    ref: WorkItemRef,
    code: WorkflowActionCode,
    work: (a: ItemAct) => Promise<void>,
  ): Promise<ActionResult> {
    const saved = await inTransaction(this.deps.db, (trx) => this.actIn(trx, tenant, adminHeader, ref, code, work));
    return this.views.result(tenant, saved);
  }

  /** The action inside a transaction the caller holds (starting a flow submits its start item in its own). */
  private async actIn(
    trx: Kysely<Database>,
    tenant: TenantContext,
    adminHeader: boolean,
    ref: WorkItemRef,
    code: WorkflowActionCode,
    work: (a: ItemAct) => Promise<void>,
    system: SystemAct | null = null,
  ): Promise<InstanceRow> {
    {
      const item = await this.deps.repo.item(tenant.engineCode, ref.workItemId, trx);
      if (!item || (ref.instanceId && ref.instanceId !== item.instance_id)) throw notFound('workflow.itemNotFound');
      if (item.participant_member_id !== tenant.memberId) throw notParticipant();
      const inst = await this.deps.repo.instance(tenant.engineCode, item.instance_id, trx);
      if (!inst) throw notFound('workflow.instanceNotFound');
      assertOpen(inst);
      if (code === 'resume') {
        if (item.state !== WorkItemState.Done || item.action !== 'revert') throw refuse('workflow.actionNotOffered');
      } else if (item.state !== WorkItemState.Todo) throw conflict('workflow.itemHandled');
      const run = await FlowRun.open(this.deps, trx, tenant, inst);
      const node = run.graph.node(item.node_id);
      const items = await this.deps.repo.itemsOf(inst.id, trx);
      if (code === 'resume') await this.checkResumable(run, item, items);
      const offered = offeredActions({
        instance: inst,
        runtime: run.runtime,
        item,
        node,
        viewer: {
          memberId: tenant.memberId,
          isOriginator: inst.originator_member_id === tenant.memberId,
          isAdmin: await this.deps.contexts.canAdminister(tenant, inst.app_code, adminHeader, trx),
        },
        items,
        startNodeId: run.graph.start?.id ?? '',
        revertTargets: revertTargetsOf(run.graph, run.runtime, scopesOfRun(run.runtime, item.run_id)),
        currentOffers: Object.values(run.runtime.runs).map((r) => offerOf(run.graph.node(r.nodeId))),
      });
      if (!system && !offered.includes(code)) throw refuse('workflow.actionNotOffered');
      await work({ run, item, node, offer: offerOf(node), system });
      run.actedItem = item;
      return run.persist(code);
    }
  }

  /** Completes the item (exactly once: a concurrent or repeated attempt finds it handled). */
  private async claim(run: FlowRun, item: WorkItemRow, action: string, comment: string): Promise<void> {
    const done = await this.deps.repo.completeItem(run.trx, item.id, item.version, {
      state: WorkItemState.Done,
      action,
      comment,
      finished_at: run.now,
    });
    if (!done) throw conflict('workflow.itemHandled');
  }

  /**
   * Field edits at this node through the records service (validation, formulas, history), limited to
   * what the node lets this member edit; with `complete`, the node's required fields must be filled.
   */
  private async edit(
    a: ItemAct,
    data: Record<string, unknown> | undefined,
    recordVersion: number | undefined,
    complete: boolean,
  ) {
    const { run } = a;
    const inst = run.instance;
    const ctx = await this.deps.contexts.forMember(run.tenant, inst.app_code, inst.schema_code, run.trx);
    const rules = effectiveRules(ctx, a.node);
    const nctx = nodeContext(ctx, rules);
    const before = await this.deps.records.findItem(nctx, inst.record_id, run.trx);
    if (!before) throw new AppError(404, ErrorCode.notFound, 'record.deleted');
    let after = before;
    if (data && Object.keys(data).length) {
      const sent = protectSubTables(ctx, rules, data, before.data);
      after = await this.deps.records.updateIn(nctx, run.trx, inst.record_id, recordVersion ?? before.version, sent, {
        fromFlow: true,
      });
      this.deps.records.changed(nctx);
    }
    if (complete) {
      const problems = missingRequired(ctx, rules, after.data);
      if (problems.length) throw new FieldValidationError(problems);
    }
    return Object.keys(data ?? {})
      .filter((code) => JSON.stringify(before.data[code] ?? null) !== JSON.stringify(after.data[code] ?? null))
      .map((field) => ({ field, from: before.data[field] ?? null, to: after.data[field] ?? null }));
  }

  private async logAct(
    a: ItemAct,
    action: string,
    comment: string,
    extra: { changes?: unknown[]; detail?: object } = {},
  ) {
    const detail = a.system ? { ...extra.detail, ...a.system.detail } : extra.detail;
    await a.run.log({
      nodeId: a.item.node_id,
      action,
      memberId: a.system ? '' : a.run.tenant.memberId,
      actingFor: a.system ? a.item.participant_member_id : a.item.acting_for_member_id,
      workItemId: a.item.id,
      comment,
      ...(extra.changes ? { changes: extra.changes } : {}),
      ...(detail ? { detail: detail as Record<string, unknown> } : {}),
    });
  }

  /** Active members of the team among these ids, the asker's own id refused where it makes no sense. */
  private async checkMembers(run: FlowRun, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const active = await this.members(run.instance.engine_code, unique, run.trx);
    if (unique.some((m) => !active.has(m))) throw refuse('workflow.memberUnknown');
    return unique;
  }

  /** The action's comment: the node's comment rule for the participant; the system's own text for it. */
  private comment(a: ItemAct, config: CommentConfiguration, text: string | undefined): string {
    return a.system ? a.system.comment : checkComment(config, text);
  }

  // Deciding ----------------------------------------------------------------------------------

  submit(tenant: TenantContext, adminHeader: boolean, body: SubmitBody): Promise<ActionResult> {
    return this.act(tenant, adminHeader, body.workItem, 'submit', this.submitting(tenant, body));
  }

  /** Submits inside the caller's transaction (a flow started and submitted at once). */
  submitIn(trx: Kysely<Database>, tenant: TenantContext, adminHeader: boolean, body: SubmitBody) {
    return this.actIn(trx, tenant, adminHeader, body.workItem, 'submit', this.submitting(tenant, body));
  }

  private submitting(tenant: TenantContext, body: SubmitBody) {
    return async (a: ItemAct) => {
      const comment = this.comment(a, a.offer.comment.approve, body.comment);
      const changes = await this.edit(a, body.data, body.recordVersion, true);
      if (a.node?.type === 'start' && body.chosenParticipants) {
        const chosen: Record<string, string[]> = {};
        for (const [nodeId, ids] of Object.entries(body.chosenParticipants))
          chosen[nodeId] = await this.checkMembers(a.run, ids);
        a.run.runtime.chosen = { ...a.run.runtime.chosen, ...chosen };
      }
      await this.claim(a.run, a.item, 'submit', comment);
      const again = a.node?.type === 'start' && a.run.instance.state !== InstanceState.Initiated;
      await this.logAct(a, again ? 'resubmit' : 'submit', comment, {
        changes,
      });
      await a.run.engine.decide(a.item.run_id, a.item.seat, tenant.memberId, 'approved');
    };
  }

  save(tenant: TenantContext, adminHeader: boolean, body: SaveItemBody): Promise<ActionResult> {
    return this.act(tenant, adminHeader, body.workItem, 'save', async (a) => {
      const changes = await this.edit(a, body.data, body.recordVersion, false);
      await this.logAct(a, 'save', '', { changes });
    });
  }

  approve(tenant: TenantContext, adminHeader: boolean, body: ApprovalBody): Promise<ActionResult> {
    return this.act(tenant, adminHeader, body.workItem, 'approve', this.deciding(tenant, body, 'approve'));
  }

  reject(tenant: TenantContext, adminHeader: boolean, body: ApprovalBody): Promise<ActionResult> {
    return this.act(tenant, adminHeader, body.workItem, 'reject', this.deciding(tenant, body, 'reject'));
  }

  private deciding(tenant: TenantContext, body: ApprovalBody, action: 'approve' | 'reject') {
    return async (a: ItemAct) => {
      const approve = action === 'approve';
      const comment = this.comment(a, approve ? a.offer.comment.approve : a.offer.comment.reject, body.comment);
      const changes = await this.edit(a, body.data, body.recordVersion, approve);
      await this.claim(a.run, a.item, action, comment);
      await this.logAct(a, action, comment, { changes });
      await a.run.engine.decide(a.item.run_id, a.item.seat, tenant.memberId, approve ? 'approved' : 'rejected');
    };
  }

  // Going back --------------------------------------------------------------------------------

  revert(tenant: TenantContext, adminHeader: boolean, body: RevertBody): Promise<ActionResult> {
    return this.act(tenant, adminHeader, body.workItem, 'revert', async (a) => {
      const comment = checkComment(a.offer.comment.reject, body.comment);
      await this.claim(a.run, a.item, 'revert', comment);
      const target = a.run.graph.node(body.targetActivityCode);
      await this.logAct(a, 'revert', comment, {
        detail: {
          targetActivityCode: body.targetActivityCode,
          targetActivityName: target?.name ?? '',
          resubmit: body.resubmit,
        },
      });
      await a.run.engine.revert(a.item.run_id, body.targetActivityCode, body.resubmit === 'direct', {
        itemId: a.item.id,
        memberId: tenant.memberId,
      });
    });
  }

  /** Nobody at the revert's target has acted yet (its run is still open and undecided). */
  private async checkResumable(run: FlowRun, item: WorkItemRow, items: WorkItemRow[]): Promise<void> {
    const revert = run.runtime.revert;
    if (!revert || revert.itemId !== item.id || !revert.targetRunId || !run.runtime.runs[revert.targetRunId])
      throw conflict('workflow.resumeTooLate');
    if (items.some((i) => i.run_id === revert.targetRunId && i.state === WorkItemState.Done))
      throw conflict('workflow.resumeTooLate');
  }

  resume(tenant: TenantContext, adminHeader: boolean, body: ResumeBody): Promise<ActionResult> {
    return this.act(tenant, adminHeader, body.workItem, 'resume', async (a) => {
      const comment = (body.comment ?? '').trim();
      const reopen = await a.run.engine.resume();
      for (const id of reopen) await this.deps.repo.reopenItem(a.run.trx, id, a.run.now);
      await this.logAct(a, 'resume', comment);
    });
  }

  // Handing on --------------------------------------------------------------------------------

  transfer(tenant: TenantContext, adminHeader: boolean, body: TransferBody): Promise<ActionResult> {
    return this.act(tenant, adminHeader, body.workItem, 'transfer', this.transferring(tenant, body, body.toMemberId));
  }

  /** 转交 to `target` (a member id, or how the system finds one inside the transaction). */
  private transferring(
    tenant: TenantContext,
    body: { comment?: string },
    target: string | ((a: ItemAct) => Promise<string>),
  ) {
    return async (a: ItemAct) => {
      const [to] = await this.checkMembers(a.run, [typeof target === 'string' ? target : await target(a)]);
      const open = await this.deps.repo.openItemsOf(a.run.trx, a.run.instance.id);
      if (
        to === tenant.memberId ||
        open.some(
          (i) => i.run_id === a.item.run_id && i.participant_member_id === to && i.item_type !== ItemType.Circulate,
        )
      )
        throw refuse('workflow.transferSelf');
      const comment = (body.comment ?? '').trim();
      await this.claim(a.run, a.item, 'transfer', comment);
      await this.logAct(a, 'transfer', comment, { detail: { toMemberId: to } });
      await a.run.engine.transfer(a.item.run_id, a.item.seat, to as string);
    };
  }

  /**
   * A node deadline's action on an open item, taken by the system in its participant's place
   * (`tenant` is the participant) inside the caller's transaction, through the same code paths as
   * the participant's own action. `transferTo` finds the member a transfer goes to.
   */
  bySystem(
    trx: Kysely<Database>,
    tenant: TenantContext,
    item: WorkItemRow,
    action: DeadlineAction,
    system: SystemAct,
    transferTo: (run: FlowRun, item: WorkItemRow) => Promise<string>,
  ): Promise<InstanceRow> {
    const ref = { workItemId: item.id };
    const body = { workItem: ref, comment: system.comment };
    const [code, work] =
      action === 'transfer'
        ? (['transfer', this.transferring(tenant, body, (a) => transferTo(a.run, a.item))] as const)
        : action === 'reject'
          ? (['reject', this.deciding(tenant, body, 'reject')] as const)
          : item.item_type === ItemType.Fill
            ? (['submit', this.submitting(tenant, body)] as const)
            : (['approve', this.deciding(tenant, body, 'approve')] as const);
    return this.actIn(trx, tenant, false, ref, code, work, system);
  }

  addSigner(tenant: TenantContext, adminHeader: boolean, body: AddSignerBody): Promise<ActionResult> {
    return this.act(tenant, adminHeader, body.workItem, 'addSigner', async (a) => {
      const members = await this.checkMembers(a.run, body.memberIds);
      if (members.includes(tenant.memberId)) throw refuse('workflow.transferSelf');
      const after = body.position === 'after';
      const comment = after ? checkComment(a.offer.comment.approve, body.comment) : (body.comment ?? '').trim();
      const action = after ? 'addSignerAfter' : 'addSignerBefore';
      await this.claim(a.run, a.item, action, comment);
      await this.logAct(a, action, comment, { detail: { memberIds: members } });
      await a.run.engine.addSigners(a.item.run_id, a.item.seat, tenant.memberId, members, body.position);
    });
  }

  cc(tenant: TenantContext, adminHeader: boolean, body: CcBody): Promise<ActionResult> {
    return this.act(tenant, adminHeader, body.workItem, 'cc', async (a) => {
      const members = await this.checkMembers(a.run, body.memberIds);
      const node = a.run.graph.task(a.item.node_id);
      if (!node) throw refuse('workflow.actionNotOffered');
      await a.run.engine.copyTo(node, members, a.item.run_id);
      await this.logAct(a, 'cc', (body.comment ?? '').trim(), { detail: { memberIds: members } });
    });
  }

  /** A copy read: it needs no lock on the flow and works on ended instances too (not canceled ones). */
  async read(tenant: TenantContext, ref: WorkItemRef): Promise<ActionResult> {
    const inst = await inTransaction(this.deps.db, async (trx) => {
      const item = await this.deps.repo.item(tenant.engineCode, ref.workItemId, trx);
      if (!item) throw notFound('workflow.itemNotFound');
      if (item.participant_member_id !== tenant.memberId) throw notParticipant();
      if (item.item_type !== ItemType.Circulate) throw refuse('workflow.actionNotOffered');
      if (item.state !== WorkItemState.Todo) throw conflict('workflow.itemHandled');
      const done = await this.deps.repo.completeItem(trx, item.id, item.version, {
        state: WorkItemState.Done,
        action: 'read',
        comment: '',
        finished_at: this.deps.now(),
      });
      if (!done) throw conflict('workflow.itemHandled');
      const row = await this.deps.repo.instance(tenant.engineCode, item.instance_id, trx);
      if (!row) throw notFound('workflow.instanceNotFound');
      return row;
    });
    return this.views.result(tenant, inst);
  }
}
