import { randomUUID } from 'node:crypto';
import { flowRunning, InstanceState, ItemType, type WorkflowDefinition } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { retriedTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { emitEvent, recordAudit } from '../audit/record.js';
import type { RecordService } from '../records/service.js';
import type { Automation, AutomationEnv } from './automation.js';
import type { WorkflowContexts } from './contexts.js';
import { FlowGraph } from './definition.js';
import type { FlowHooks, OpenedItem } from './flow-hooks.js';
import { type EngineEnv, type EngineLog, FlowEngine, type NewItem } from './interpreter.js';
import type { ResolveParticipants } from './participants.js';
import type { InstanceRow, WorkflowRepository, WorkItemRow } from './repository.js';
import { parseRuntime } from './runtime.js';

/** Everything an action on an instance needs; built once in app.ts. */
export interface FlowDeps {
  db: Kysely<Database>;
  repo: WorkflowRepository;
  records: RecordService;
  contexts: WorkflowContexts;
  automation: Automation;
  resolve: ResolveParticipants;
  /** Delegation and deadlines (flow-hooks.ts). */
  hooks: FlowHooks;
  now: () => number;
}

/** Someone changed the instance between our read and our write: the whole action runs again. */
export class InstanceChanged extends Error {}

const uniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || /UNIQUE constraint failed/.test(err.message ?? '');
};

/**
 * Runs an action as one transaction; when the instance changed under it (another action on the same
 * instance committed first) the transaction is rolled back and the action runs again from the start,
 * reading what the other one decided; so does a deadlock's victim (db/transaction.ts: two actions on
 * different instances took kept-count rows of the same two members in opposite orders). A concurrent
 * duplicate instance is the caller's conflict.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
  onUnique?: () => AppError,
): Promise<T> {
  try {
    return await retriedTransaction(db, work, (e, attempt) => e instanceof InstanceChanged && attempt < 50);
  } catch (e) {
    if (onUnique && uniqueViolation(e)) throw onUnique();
    throw e;
  }
}

const graphs = new Map<string, FlowGraph>();

/** Published versions never change: their parsed graphs are kept (by workflow and version). */
export async function graphOf(deps: FlowDeps, inst: InstanceRow, trx: Kysely<Database>): Promise<FlowGraph> {
  const key = `${inst.workflow_code}@${inst.workflow_version}`;
  let graph = graphs.get(key);
  if (!graph) {
    const row = await deps.repo.version(inst.engine_code, inst.workflow_code, inst.workflow_version, trx);
    if (!row) throw new AppError(404, 'common.not.found', 'workflow.versionNotFound');
    graph = new FlowGraph(JSON.parse(row.definition) as WorkflowDefinition);
    if (graphs.size > 500) graphs.clear();
    graphs.set(key, graph);
  }
  return graph;
}

/**
 * One action on one instance inside its transaction: the instance taken with its version, the
 * interpreter over its runtime, and the write-back of state, current nodes, the record's flow
 * status and the outbox event.
 */
export class FlowRun {
  readonly engine: FlowEngine;
  private readonly automationEnv: AutomationEnv;
  /** The item the action is taken on (item actions set it): the letters name its node. */
  actedItem: WorkItemRow | null = null;
  /** What this action opened, and whose open items it changed: for letters and live signals. */
  private readonly opened: OpenedItem[] = [];
  private readonly touched = new Set<string>();

  private constructor(
    private readonly deps: FlowDeps,
    readonly trx: Kysely<Database>,
    readonly tenant: TenantContext,
    readonly instance: InstanceRow,
    readonly graph: FlowGraph,
    readonly now: number,
  ) {
    const env: EngineEnv = {
      now,
      graph,
      originator: instance.originator_member_id,
      resolve: (nodeId, rules) => this.resolve(nodeId, rules),
      appOwner: () => this.appOwner(),
      branchMatches: (branch) => deps.automation.matches(branch, this.automationEnv),
      runOperations: (node) => deps.automation.run(node, this.automationEnv),
      openItem: (item) => this.openItem(item),
      cancelItems: (filter) => this.cancelItems(filter),
      log: (entry) => this.log(entry),
    };
    this.automationEnv = {
      trx,
      tenant,
      instance,
      now,
      resolve: env.resolve,
      log: env.log,
      notify: deps.hooks.notify,
    };
    this.engine = new FlowEngine(env, parseRuntime(instance.runtime), instance.state);
  }

  /**
   * Takes the instance for this action. Its version is bumped only if nobody changed it since it
   * was read; otherwise the action starts over (see inTransaction).
   */
  static async open(
    deps: FlowDeps,
    trx: Kysely<Database>,
    tenant: TenantContext,
    instance: InstanceRow,
  ): Promise<FlowRun> {
    if (!(await deps.repo.lockInstance(trx, instance.id, instance.version))) throw new InstanceChanged();
    return new FlowRun(deps, trx, tenant, instance, await graphOf(deps, instance, trx), deps.now());
  }

  /** An instance already locked in this transaction (lockAndRead), or just inserted in it. */
  static async fresh(deps: FlowDeps, trx: Kysely<Database>, tenant: TenantContext, instance: InstanceRow) {
    return new FlowRun(deps, trx, tenant, instance, await graphOf(deps, instance, trx), deps.now());
  }

  get runtime() {
    return this.engine.runtime;
  }

  /** Who these rules name for this instance now (its record, the submitter's choices, the org chart). */
  async resolve(nodeId: string, rules: Parameters<ResolveParticipants>[0]): Promise<string[]> {
    const ctx = await this.deps.contexts.forEngine(
      this.tenant,
      this.instance.app_code,
      this.instance.schema_code,
      this.trx,
    );
    const record = (await this.deps.records.findItem(ctx, this.instance.record_id, this.trx))?.data ?? {};
    return this.deps.resolve(rules, {
      trx: this.trx,
      engineCode: this.instance.engine_code,
      appCode: this.instance.app_code,
      originator: this.instance.originator_member_id,
      nodeId,
      record,
      fields: ctx.fields,
      chosen: this.runtime.chosen,
    });
  }

  private async appOwner(): Promise<string | null> {
    const owners = await this.trx
      .selectFrom('app_members')
      .select('member_id')
      .where('app_code', '=', this.instance.app_code)
      .where('role', '=', 'owner')
      .executeTakeFirst();
    return owners?.member_id ?? null;
  }

  /**
   * The one place work items are created; each creation is an outbox event (to-dos, notifications).
   * A task for a member who is away goes to their delegate, acting for them (copies stay theirs).
   * Delegation is for approvers: the start node's item (a new flow, a resubmit after a reject or a
   * revert to the originator, a withdrawn draft) is always the originator's own.
   */
  async openItem(item: NewItem): Promise<string> {
    const id = randomUUID();
    const i = this.instance;
    const ownItem = item.itemType === ItemType.Circulate || this.graph.node(item.nodeId)?.type === 'start';
    const delegate = ownItem
      ? null
      : await this.deps.hooks.delegateOf(this.trx, i.engine_code, item.memberId, this.now, {
          appCode: i.app_code,
          workflowCode: i.workflow_code,
        });
    const away = item.memberId;
    if (delegate) item = { ...item, memberId: delegate, actingFor: away };
    await this.deps.repo.insertItem(this.trx, {
      id,
      engine_code: i.engine_code,
      instance_id: i.id,
      app_code: i.app_code,
      schema_code: i.schema_code,
      node_id: item.nodeId,
      node_name: item.nodeName,
      item_type: item.itemType,
      state: 0,
      participant_member_id: item.memberId,
      acting_for_member_id: item.actingFor,
      run_id: item.runId,
      seat: item.seat,
      created_at: this.now,
      finished_at: null,
      action: '',
      comment: '',
      version: 1,
    });
    await emitEvent(
      this.trx,
      {
        engineCode: i.engine_code,
        type: 'workflow.workitem.created',
        payload: { workItemId: id, instanceId: i.id, participant: item.memberId, itemType: item.itemType },
      },
      this.now,
    );
    if (delegate)
      await this.log({ nodeId: item.nodeId, action: 'delegate', memberId: delegate, actingFor: away, workItemId: id });
    this.opened.push({
      id,
      memberId: item.memberId,
      itemType: item.itemType,
      nodeName: item.nodeName,
      actingFor: delegate ? away : null,
    });
    this.touched.add(item.memberId);
    return id;
  }

  private async cancelItems(filter: {
    runIds?: string[];
    all?: boolean;
    itemIds?: string[];
    copies?: boolean;
  }): Promise<string[]> {
    const open = await this.deps.repo.openItemsOf(this.trx, this.instance.id);
    const ids = open
      .filter(
        (it) =>
          filter.all || (filter.runIds?.includes(it.run_id) ?? false) || (filter.itemIds?.includes(it.id) ?? false),
      )
      // Copies (Circulate) stay to be read whatever the flow does, unless the instance is canceled.
      .filter((it) => filter.copies === true || it.item_type !== 3)
      .map((it) => {
        this.touched.add(it.participant_member_id);
        return it.id;
      });
    await this.deps.repo.cancelItems(this.trx, ids, this.now);
    return ids;
  }

  /** One step of the instance's log. Steps the engine took by itself have no member. */
  async log(entry: EngineLog): Promise<void> {
    const node = entry.nodeId ? this.graph.node(entry.nodeId) : undefined;
    await this.deps.repo.insertLog(this.trx, {
      engine_code: this.instance.engine_code,
      instance_id: this.instance.id,
      work_item_id: entry.workItemId ?? '',
      node_id: entry.nodeId,
      node_name: node?.name ?? '',
      action: entry.action,
      member_id: entry.memberId ?? '',
      acting_for_member_id: entry.actingFor ?? null,
      comment: entry.comment ?? '',
      changes: JSON.stringify(entry.changes ?? []),
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: this.now,
    });
    // A member's action (submit, approve, reject, transfer…) is an entry of the application log too.
    if (entry.memberId)
      await recordAudit(
        this.trx,
        {
          engineCode: this.instance.engine_code,
          actorMemberId: entry.memberId,
          action: `workflow.action.${entry.action}`,
          targetType: 'workflow_instance',
          targetId: this.instance.id,
          appCode: this.instance.app_code,
          schemaCode: this.instance.schema_code,
          recordId: this.instance.record_id,
          detail: { node: node?.name ?? '', comment: entry.comment ?? '', ...(entry.detail ?? {}) },
        },
        this.now,
      );
  }

  /** Writes the instance back, the record's flow status, and the action's outbox event. */
  async persist(action: string): Promise<InstanceRow> {
    const i = this.instance;
    const state = this.engine.settledState();
    const current = flowRunning(state) || state === InstanceState.Initiated ? this.engine.currentNodes() : [];
    const started = state === InstanceState.Initiated ? null : (i.started_at ?? this.now);
    const ended =
      state === InstanceState.Finished || state === InstanceState.Terminate || state === InstanceState.Canceled;
    const set = {
      state,
      result: this.engine.result || (ended ? i.result : ''),
      runtime: JSON.stringify(this.runtime),
      current_nodes: JSON.stringify(current),
      started_at: started,
      finished_at: ended ? (i.finished_at ?? this.now) : null,
      updated_at: this.now,
    };
    await this.deps.repo.updateInstance(this.trx, i.id, set);
    await this.deps.hooks.afterPersist(this.trx, { ...i, ...set }, this.graph, this.now);
    const schema = await this.deps.repo.schemaTable(i.engine_code, i.schema_code, this.trx);
    if (schema)
      await this.deps.repo.setFlowStatus(
        this.trx,
        schema.table_name,
        i.engine_code,
        i.record_id,
        state,
        current.map((n) => n.name).join('、'),
      );
    await emitEvent(
      this.trx,
      {
        engineCode: i.engine_code,
        type: `workflow.${action}`,
        payload: { instanceId: i.id, memberId: this.tenant.memberId, state },
      },
      this.now,
    );
    this.touched.add(this.tenant.memberId);
    if (this.actedItem) this.touched.add(this.actedItem.participant_member_id);
    await this.deps.hooks.notify.afterAction(this.trx, {
      instance: { ...i, ...set },
      previousState: i.state,
      action,
      actorMemberId: this.tenant.memberId,
      actedItem: this.actedItem,
      actedNodeType: this.actedItem ? (this.graph.node(this.actedItem.node_id)?.type ?? null) : null,
      opened: this.opened.splice(0),
      touched: [...this.touched],
      now: this.now,
    });
    this.touched.clear();
    return { ...i, ...set, version: i.version + 1 };
  }
}
