import {
  ItemType,
  type Language,
  type MemberRef,
  type TodoActivity,
  type TodoBatchApproveBody,
  type TodoBatchApproveResult,
  type TodoList,
  type TodoListBody,
  type TodoListItem,
  type TodoPage,
  type TodoPageBody,
  type TodoSummary,
  type TodoTaskType,
  type WorkflowDefinition,
  WorkItemState,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, Errors } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { isTeamManager } from '../apps/access.js';
import { WorkflowContexts } from '../workflow/contexts.js';
import type { ItemActions } from '../workflow/item-actions.js';
import { offerOf } from '../workflow/offers.js';
import { WorkflowRepository } from '../workflow/repository.js';
import { type AboutDeps, aboutRows, type Definitions, versionKey } from './about.js';
import { type Asker, TodoRepository, type TodoRow } from './repository.js';

const asker = (t: TenantContext): Asker => ({ engineCode: t.engineCode, memberId: t.memberId });

/**
 * The spec's `participantId` / `originator` name the asker: the session decides who that is, and a
 * request naming another member is refused rather than quietly answered with the asker's own list.
 */
function askerOnly(t: TenantContext, ...ids: (string | undefined)[]): void {
  if (ids.some((id) => id !== undefined && id !== t.memberId)) throw Errors.forbidden();
}

/** Which list a body asks for: the older `taskType`, else the spec's `originator` or `participantId` + `state`. */
export function taskTypeOf(body: TodoListBody): TodoTaskType {
  if (body.taskType) return body.taskType;
  if (body.originator !== undefined) return 'original';
  return body.state === 1 ? 'done' : 'todo';
}

/**
 * The member's to-dos: always their own lists (the tenant names team and member; nothing in a
 * request can point elsewhere). Batch approval goes through the workflow's approve action, one
 * transaction per item, so its rules (participant, offered actions, comment, required fields) hold.
 */
export class TodoService {
  constructor(
    private readonly repo: TodoRepository,
    private readonly workflows: WorkflowRepository,
    private readonly items: ItemActions,
    private readonly about: AboutDeps,
  ) {}

  count(tenant: TenantContext): Promise<number> {
    return this.repo.count(asker(tenant));
  }

  /** The home panel's page (spec §7: state 0, pageSize 6, pageIndex 0, sortDirection 1). */
  async page(tenant: TenantContext, lang: Language, body: TodoPageBody): Promise<TodoPage> {
    askerOnly(tenant, body.participantId);
    const { rows, total } = await this.repo.page(
      asker(tenant),
      body.state === 0 ? 'todo' : 'done',
      { desc: body.sortDirection !== 0, appCodes: body.appCodes, schemaCodes: body.schemaCodes },
      body.pageSize,
      body.pageIndex * body.pageSize,
    );
    const defs = await this.definitionsOf(tenant.engineCode, rows);
    const [about, schemas, from] = await Promise.all([
      aboutRows(this.about, tenant, lang, rows, defs),
      this.repo.schemas(tenant.engineCode, [...new Set(rows.map((r) => r.schema_code))]),
      this.delegatedFrom(tenant.engineCode, rows),
    ]);
    const schemaName = new Map(schemas.map((s) => [s.code, s.display_name]));
    return {
      total,
      resultList: rows.map((r) => ({
        workItemId: r.item_id,
        workflowName: r.workflow_name ?? '',
        originator: { memberId: r.originator_member_id, name: r.originator_name ?? '' },
        delegatedFrom: from(r),
        createTime: Number(r.received_at),
        appCode: r.app_code,
        schemaCode: r.schema_code,
        bizData: { bizObjectId: r.record_id },
        workflowCode: r.workflow_code,
        workflowVersion: r.workflow_version,
        workflowInstance: {
          instanceId: r.instance_id,
          workItemId: r.item_id,
          itemType: r.item_type,
          activityCode: r.node_id,
          instanceState: r.instance_state,
        },
        schemaName: schemaName.get(r.schema_code) ?? '',
        activityName: r.node_name,
        about: about.get(r.item_id) ?? null,
      })),
    };
  }

  /** `/todos/:taskType`: one page of a list with its group, sort and search. */
  async list(tenant: TenantContext, lang: Language, body: TodoListBody): Promise<TodoList> {
    askerOnly(tenant, body.participantId, body.originator);
    const taskType = taskTypeOf(body);
    const { rows, total } = await this.repo.page(
      asker(tenant),
      taskType,
      {
        group: body.group,
        appCodes: body.appCodes,
        schemaCodes: body.schemaCodes,
        keyword: body.matchers?.keyword,
        byFinish: body.sortBy === 'finish',
        desc: body.sortDirection !== 0,
      },
      body.pageSize,
      body.pageIndex * body.pageSize,
    );
    const instanceIds = [...new Set(rows.map((r) => r.instance_id))];
    const defs = await this.definitionsOf(tenant.engineCode, rows);
    const [related, apps, schemas, about] = await Promise.all([
      this.repo.runItems(tenant.engineCode, instanceIds),
      this.repo.apps(tenant.engineCode, [...new Set(rows.map((r) => r.app_code))]),
      this.repo.schemas(tenant.engineCode, [...new Set(rows.map((r) => r.schema_code))]),
      aboutRows(this.about, tenant, lang, rows, defs),
    ]);
    const names = await this.workflows.memberNames(tenant.engineCode, [
      ...rows.map((r) => r.originator_member_id),
      ...rows.map((r) => r.acting_for_member_id ?? ''),
      ...related.map((i) => i.participant_member_id),
    ]);
    const ref = (id: string): MemberRef => ({ memberId: id, name: names.get(id) ?? '' });
    const appName = new Map(apps.map((a) => [a.code, a.display_name]));
    const schemaName = new Map(schemas.map((s) => [s.code, s.display_name]));
    const activity = (first: (typeof related)[number], run: typeof related): TodoActivity => ({
      activityName: first.node_name,
      activityCode: first.node_id,
      workItemId: first.id,
      workItemState: first.state,
      itemType: first.item_type,
      participants: [...new Set(run.map((i) => i.participant_member_id))].map(ref),
      receiveTime: Number(first.created_at),
      finishTime: Number(first.finished_at ?? 0),
    });
    const todosOf = (r: TodoRow): TodoActivity[] => {
      if (taskType === 'original') {
        // What I started: each node run open now, with whoever holds it.
        const open = related.filter(
          (i) =>
            i.instance_id === r.instance_id && i.state === WorkItemState.Todo && i.item_type !== ItemType.Circulate,
        );
        const runs = new Map<string, typeof related>();
        for (const i of open) runs.set(i.run_id, [...(runs.get(i.run_id) ?? []), i]);
        return [...runs.values()].map((run) => activity(run[0] as (typeof related)[number], run));
      }
      const mine = related.find((i) => i.id === r.item_id);
      const run = related.filter(
        (i) =>
          i.instance_id === r.instance_id &&
          i.run_id === r.run_id &&
          (i.item_type === ItemType.Circulate) === (r.item_type === ItemType.Circulate),
      );
      return mine ? [activity(mine, run)] : [];
    };
    return {
      total,
      resultList: rows.map(
        (r): TodoListItem => ({
          instanceId: r.instance_id,
          instanceState: r.instance_state,
          appCode: r.app_code,
          schemaCode: r.schema_code,
          appName: appName.get(r.app_code) ?? '',
          schemaName: schemaName.get(r.schema_code) ?? '',
          workflowName: r.workflow_name ?? '',
          originator: ref(r.originator_member_id),
          delegatedFrom: r.acting_for_member_id ? ref(r.acting_for_member_id) : null,
          createTime: Number(r.instance_created_at),
          todos: todosOf(r),
          ...batchable(taskType, r, defs),
          about: about.get(r.item_id) ?? null,
        }),
      ),
    };
  }

  /** Who each row's item was first meant for, named (one read of the names). */
  private async delegatedFrom(engineCode: string, rows: TodoRow[]): Promise<(r: TodoRow) => MemberRef | null> {
    const names = await this.workflows.memberNames(
      engineCode,
      rows.map((r) => r.acting_for_member_id ?? ''),
    );
    return (r) =>
      r.acting_for_member_id
        ? { memberId: r.acting_for_member_id, name: names.get(r.acting_for_member_id) ?? '' }
        : null;
  }

  /** The flow versions the rows (or items) run, parsed, in one query. */
  private async definitionsOf(
    engineCode: string,
    rows: { workflow_code: string; workflow_version: number }[],
  ): Promise<Definitions> {
    const keys = new Map(rows.map((r) => [versionKey(r.workflow_code, r.workflow_version), r]));
    const defs = await this.repo.definitions(
      engineCode,
      [...keys.values()].map((r) => ({ code: r.workflow_code, version: r.workflow_version })),
    );
    return new Map(
      defs.map((d) => [versionKey(d.workflow_code, d.version), JSON.parse(d.definition) as WorkflowDefinition]),
    );
  }

  /** Counts per app and table that exist in the member's app list; items of other codes are the "other" group. */
  async summary(tenant: TenantContext, taskType: TodoTaskType = 'todo'): Promise<TodoSummary> {
    // Apps (and their tables) outside the member's app list count under "other" (spec §4).
    const groups = await this.repo.groups(asker(tenant), taskType, isTeamManager(tenant) ? null : tenant);
    const out: TodoSummary = { total: 0, apps: [] };
    const byApp = new Map<string, TodoSummary['apps'][number]>();
    for (const g of groups) {
      out.total += g.count;
      const name = g.app_name;
      if (name === null || g.schema_name === null) continue;
      let app = byApp.get(g.app_code);
      if (!app) {
        app = { appCode: g.app_code, appName: name, count: 0, schemas: [] };
        byApp.set(g.app_code, app);
        out.apps.push(app);
      }
      app.count += g.count;
      app.schemas.push({ schemaCode: g.schema_code, schemaName: g.schema_name, count: g.count });
    }
    return out;
  }

  /**
   * Approves (or rejects) each item in its own transaction; one failing leaves the others done. The
   * comment goes to the items whose node takes comments (the nodes are read once for the batch).
   */
  async batch(
    tenant: TenantContext,
    lang: Language,
    action: 'approve' | 'reject',
    body: TodoBatchApproveBody,
  ): Promise<TodoBatchApproveResult> {
    const ids = [...new Set(body.workItemIds)];
    const comment = body.comment?.trim() ?? '';
    const takes = comment ? await this.takesComment(tenant.engineCode, ids, action) : new Set<string>();
    const results: TodoBatchApproveResult['results'] = [];
    for (const workItemId of ids) {
      try {
        const ref = { workItem: { workItemId }, ...(takes.has(workItemId) ? { comment } : {}) };
        await (action === 'approve' ? this.items.approve(tenant, false, ref) : this.items.reject(tenant, false, ref));
        results.push({ workItemId, ok: true });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        const env = e.toEnvelope(lang);
        // A validation failure's title says little; its field messages say what is missing.
        const detail = env.fieldErrors?.map((f) => f.message).join('；');
        results.push({ workItemId, ok: false, errorCode: env.errorCode, errorMessage: detail || env.errorMessage });
      }
    }
    return { results };
  }

  /** Which of these items' nodes take a comment for the action (items of other members or teams are not found). */
  private async takesComment(engineCode: string, ids: string[], action: 'approve' | 'reject'): Promise<Set<string>> {
    const items = await this.repo.itemNodes(engineCode, ids);
    const byKey = await this.definitionsOf(engineCode, items);
    const out = new Set<string>();
    for (const i of items) {
      const node = byKey.get(versionKey(i.workflow_code, i.workflow_version))?.nodes.find((n) => n.id === i.node_id);
      if (offerOf(node).comment[action].enableComment) out.add(i.id);
    }
    return out;
  }
}

/** Whether a row may be approved or rejected in a batch, and the comment rules of its node. */
function batchable(
  taskType: TodoTaskType,
  r: TodoRow,
  defs: Definitions,
): Pick<TodoListItem, 'batchApprove' | 'batchReject' | 'comments'> {
  if (taskType === 'original' || r.item_type !== ItemType.Approve)
    return { batchApprove: 'notApproval', batchReject: 'notApproval', comments: null };
  if (r.item_state !== WorkItemState.Todo) return { batchApprove: 'handled', batchReject: 'handled', comments: null };
  const node = defs.get(versionKey(r.workflow_code, r.workflow_version))?.nodes.find((n) => n.id === r.node_id);
  const { approve, reject } = offerOf(node).comment;
  return {
    batchApprove: approve.required ? 'commentRequired' : 'ok',
    batchReject: reject.required ? 'commentRequired' : 'ok',
    comments: {
      approve: { enabled: approve.enableComment, required: approve.required },
      reject: { enabled: reject.enableComment, required: reject.required },
    },
  };
}

/** The to-do service over the workflow's tables and its approve action. */
export function createTodos(
  db: Kysely<Database>,
  items: ItemActions,
  records: AboutDeps['records'],
  layoutOf: AboutDeps['layoutOf'],
): TodoService {
  const repo = new TodoRepository(db);
  const workflows = new WorkflowRepository(db);
  return new TodoService(repo, workflows, items, {
    repo,
    workflows,
    contexts: new WorkflowContexts(db),
    records,
    layoutOf,
  });
}
