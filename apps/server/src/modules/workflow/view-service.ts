import {
  type ActionResult,
  ErrorCode,
  type FieldRules,
  type FormLayout,
  type InstanceDetail,
  type RecordItem,
  type SchemaInfo,
  type ViewContext,
  type WorkflowNode,
  WorkItemState,
} from '@canopy/contract';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { SchemaContext, SchemaContexts } from '../schema-context/context.js';
import type { FlowGraph } from './definition.js';
import { instanceInfo, memberRef, timelineEntry, workItemInfo } from './dto.js';
import { effectiveRules, nodeContext, presentForNode } from './field-rules.js';
import { type FlowDeps, graphOf } from './flow-run.js';
import { revertTargetsOf, scopesOfRun } from './interpreter.js';
import { offeredActions, offerOf, type Viewer } from './offers.js';
import type { InstanceRow, WorkItemRow } from './repository.js';
import { parseRuntime, type Runtime } from './runtime.js';

export const notFound = (key: 'workflow.instanceNotFound' | 'workflow.itemNotFound') =>
  new AppError(404, ErrorCode.notFound, key);
const noAccess = () => new AppError(403, ErrorCode.forbidden, 'workflow.noAccess');
export const notParticipant = () => new AppError(403, ErrorCode.forbidden, 'workflow.notParticipant');

/** Where a member looks at an instance from: the node whose field rules apply to them. */
interface Vantage {
  viewer: Viewer;
  node: WorkflowNode | undefined;
  ctx: SchemaContext;
  rules: FieldRules;
}

/** Nodes ahead whose participants the submitter picks. */
export function choosable(graph: FlowGraph) {
  return graph
    .reachableTasks()
    .filter((n) => n.type !== 'start')
    .flatMap((n) => {
      const rule = n.settings.participants.find((p) => p.kind === 'originatorChoice');
      return rule && rule.kind === 'originatorChoice'
        ? [{ activityCode: n.id, activityName: n.name, multiple: rule.multiple ?? false }]
        : [];
    });
}

/** Reading instances: the view context (spec §7), instance detail with its timeline, a record's flow. */
/** How the schemas module answers a table and its form (injected: workflow does not import it). */
export interface TablePresenter {
  info(ctx: SchemaContext): SchemaInfo;
  layout(ctx: SchemaContext): FormLayout;
}

export class WorkflowViews {
  constructor(
    private readonly deps: FlowDeps,
    private readonly schemaContexts: SchemaContexts,
    private readonly present?: TablePresenter,
  ) {}

  private async workflowName(inst: InstanceRow): Promise<string> {
    const wf = await this.deps.repo.workflowOf(inst.engine_code, inst.schema_code);
    return wf?.name ?? '';
  }

  /** What every action answers: the instance now and the asker's open items in it. */
  async result(tenant: TenantContext, inst: InstanceRow): Promise<ActionResult> {
    const items = await this.deps.repo.itemsOf(inst.id);
    const mine = items.filter((i) => i.participant_member_id === tenant.memberId && i.state === WorkItemState.Todo);
    const names = await this.deps.repo.memberNames(inst.engine_code, [
      inst.originator_member_id,
      ...mine.flatMap((i) => [i.participant_member_id, i.acting_for_member_id ?? '']),
    ]);
    return {
      instance: instanceInfo(inst, await this.workflowName(inst), names),
      myWorkItems: mine.map((i) => workItemInfo(i, names)),
    };
  }

  private async instance(tenant: TenantContext, instanceId: string): Promise<InstanceRow> {
    const inst = await this.deps.repo.instance(tenant.engineCode, instanceId);
    if (!inst) throw notFound('workflow.instanceNotFound');
    return inst;
  }

  /** Members who can read the table's record anyway (its view right and row rule) may follow its flow. */
  private async readsRecord(tenant: TenantContext, adminHeader: boolean, inst: InstanceRow): Promise<boolean> {
    try {
      const ctx = await this.schemaContexts.context(tenant, inst.app_code, inst.schema_code, adminHeader);
      await this.deps.records.get(ctx, inst.record_id);
      return true;
    } catch {
      return false;
    }
  }

  /** The asker's node and field rules for looking at this instance (403 when they may not look at all). */
  async vantage(
    tenant: TenantContext,
    adminHeader: boolean,
    inst: InstanceRow,
    graph: FlowGraph,
    items: WorkItemRow[],
    item: WorkItemRow | null,
  ): Promise<Vantage> {
    const me = tenant.memberId;
    const isOriginator = inst.originator_member_id === me;
    const isAdmin = await this.deps.contexts.canAdminister(tenant, inst.app_code, adminHeader);
    const mine = items.filter((i) => i.participant_member_id === me);
    const open = mine.find((i) => i.state === WorkItemState.Todo);
    const latest = mine.at(-1);
    const nodeId = item?.node_id ?? open?.node_id ?? latest?.node_id ?? (isOriginator ? graph.start?.id : undefined);
    if (!item && !nodeId && !isAdmin && !(await this.readsRecord(tenant, adminHeader, inst))) throw noAccess();
    const ctx = await this.deps.contexts.forMember(tenant, inst.app_code, inst.schema_code);
    const node = nodeId ? graph.node(nodeId) : undefined;
    return { viewer: { memberId: me, isOriginator, isAdmin }, node, ctx, rules: effectiveRules(ctx, node) };
  }

  private async record(v: Vantage, inst: InstanceRow): Promise<RecordItem | null> {
    const item = await this.deps.records.findItem(v.ctx, inst.record_id);
    if (!item) return null;
    return presentForNode(v.ctx, v.rules, await this.deps.records.answerOne(nodeContext(v.ctx, v.rules), item));
  }

  private currentOffers(graph: FlowGraph, runtime: Runtime) {
    return Object.values(runtime.runs).map((r) => offerOf(graph.node(r.nodeId)));
  }

  async viewContext(
    tenant: TenantContext,
    adminHeader: boolean,
    instanceId: string,
    workItemId: string | undefined,
  ): Promise<ViewContext> {
    const inst = await this.instance(tenant, instanceId);
    const [items, graph] = await Promise.all([this.deps.repo.itemsOf(inst.id), graphOf(this.deps, inst, this.deps.db)]);
    const item = workItemId ? (items.find((i) => i.id === workItemId) ?? null) : null;
    if (workItemId && !item) throw notFound('workflow.itemNotFound');
    if (item && item.participant_member_id !== tenant.memberId) throw notParticipant();
    const v = await this.vantage(tenant, adminHeader, inst, graph, items, item);
    const runtime = parseRuntime(inst.runtime);
    const offer = offerOf(v.node);
    const openTask = item && item.state === WorkItemState.Todo && item.item_type !== 3;
    const targets = openTask ? revertTargetsOf(graph, runtime, scopesOfRun(runtime, item.run_id)) : [];
    const actions = offeredActions({
      instance: inst,
      runtime,
      item,
      node: v.node,
      viewer: v.viewer,
      items,
      startNodeId: graph.start?.id ?? '',
      revertTargets: targets,
      currentOffers: this.currentOffers(graph, runtime),
    });
    const names = await this.deps.repo.memberNames(inst.engine_code, [
      inst.originator_member_id,
      item?.acting_for_member_id ?? '',
    ]);
    return {
      commentConfiguration: { ...offer.comment.approve, reject: offer.comment.reject },
      actions: actions.map((code) => ({ code })),
      workItem: item
        ? {
            appCode: inst.app_code,
            schemaCode: inst.schema_code,
            workflowCode: inst.workflow_code,
            itemType: item.item_type,
            workItemId: item.id,
            workflowVersion: inst.workflow_version,
            activityCode: item.node_id,
            instanceState: inst.state,
            closeRevert: offer.closeRevert,
            closeTerminate: offer.closeTerminate,
            instanceId: inst.id,
          }
        : null,
      workItemState: item?.state ?? -1,
      actingFor: memberRef(names, item?.acting_for_member_id),
      activityName: item?.node_name ?? v.node?.name ?? '',
      instance: instanceInfo(inst, await this.workflowName(inst), names),
      record: await this.record(v, inst),
      fieldRules: Object.fromEntries(Object.entries(v.rules).filter(([, level]) => level !== 'hidden')),
      revertTargets: targets.map((id) => ({ activityCode: id, activityName: graph.node(id)?.name ?? '' })),
      chooseParticipants: openTask && v.node?.type === 'start' ? choosable(graph) : [],
      ...(this.present ? this.tableFor(v) : {}),
    };
  }

  /** The table and form through the node's eyes (its hidden fields gone), for askers without an app role. */
  private tableFor(v: Vantage): { schema: SchemaInfo; form: FormLayout } | Record<string, never> {
    if (!this.present) return {};
    const nctx = nodeContext(v.ctx, v.rules);
    const hidden = new Set(Object.entries(v.rules).flatMap(([code, level]) => (level === 'hidden' ? [code] : [])));
    const schema = this.present.info(nctx);
    return {
      schema: { ...schema, fields: schema.fields.filter((f) => !hidden.has(f.code)) },
      form: this.present.layout(nctx),
    };
  }

  async detail(tenant: TenantContext, adminHeader: boolean, instanceId: string): Promise<InstanceDetail> {
    return this.detailOf(tenant, adminHeader, await this.instance(tenant, instanceId));
  }

  private async detailOf(tenant: TenantContext, adminHeader: boolean, inst: InstanceRow): Promise<InstanceDetail> {
    const [items, graph, logs] = await Promise.all([
      this.deps.repo.itemsOf(inst.id),
      graphOf(this.deps, inst, this.deps.db),
      this.deps.repo.logs(inst.id),
    ]);
    const v = await this.vantage(tenant, adminHeader, inst, graph, items, null);
    const names = await this.deps.repo.memberNames(inst.engine_code, [
      inst.originator_member_id,
      ...items.flatMap((i) => [i.participant_member_id, i.acting_for_member_id ?? '']),
      ...logs.flatMap((l) => [l.member_id, l.acting_for_member_id ?? '']),
    ]);
    const hidden = (field: string) => v.rules[field] === 'hidden' || !(field in v.rules);
    return {
      instance: instanceInfo(inst, await this.workflowName(inst), names),
      // A task handed to a delegate is no step anyone took: the delegate's action itself names whom
      // they acted for, so the timeline shows one line (issue 29). The log keeps the hand-over.
      timeline: logs.filter((l) => l.action !== 'delegate').map((l) => timelineEntry(l, names, hidden)),
      workItems: items.map((i) => workItemInfo(i, names)),
      myWorkItems: items
        .filter((i) => i.participant_member_id === tenant.memberId && i.state === WorkItemState.Todo)
        .map((i) => workItemInfo(i, names)),
    };
  }

  /** A record's flow, for its detail page (the table's view right and row rule apply first). */
  async byRecord(
    tenant: TenantContext,
    adminHeader: boolean,
    appCode: string,
    schemaCode: string,
    recordId: string,
  ): Promise<InstanceDetail | null> {
    const ctx = await this.schemaContexts.context(tenant, appCode, schemaCode, adminHeader);
    await this.deps.records.get(ctx, recordId);
    const inst = await this.deps.repo.instanceOfRecord(tenant.engineCode, ctx.schema.code, recordId);
    return inst ? this.detailOf(tenant, adminHeader, inst) : null;
  }

  /** The asker's open items for a record (its detail page offers them). */
  async myItems(tenant: TenantContext, adminHeader: boolean, appCode: string, schemaCode: string, recordId: string) {
    const ctx = await this.schemaContexts.context(tenant, appCode, schemaCode, adminHeader);
    const inst = await this.deps.repo.instanceOfRecord(tenant.engineCode, ctx.schema.code, recordId);
    if (!inst) return [];
    const rows = await this.deps.repo.openItemsForRecord(tenant.engineCode, inst.id, tenant.memberId);
    const names = await this.deps.repo.memberNames(
      inst.engine_code,
      rows.flatMap((r) => [r.participant_member_id, r.acting_for_member_id ?? '']),
    );
    return rows.map((r) => workItemInfo(r, names));
  }
}
