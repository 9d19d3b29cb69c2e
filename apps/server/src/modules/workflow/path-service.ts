import {
  type ConditionBranch,
  ErrorCode,
  type FieldRules,
  type FilterGroup,
  type FlowPath,
  type ParticipantRule,
  type PathPreviewBody,
  type PathStep,
  type WorkflowDefinition,
  type WorkflowNode,
} from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { settingsOf } from '../records/validation.js';
import type { SchemaContexts } from '../schema-context/context.js';
import { asMember } from './contexts.js';
import { FlowGraph, type Scope } from './definition.js';
import { effectiveRules } from './field-rules.js';
import { type FlowDeps, graphOf } from './flow-run.js';
import type { ParticipantEnv } from './participants.js';
import { parseRuntime } from './runtime.js';
import type { WorkflowViews } from './view-service.js';

type Step = Exclude<WorkflowNode, { type: 'start' | 'action' | 'condition' | 'parallel' }>;

/** What walking a path needs to know of its request. */
interface PathEnv {
  graph: FlowGraph;
  /** Whether the branch holds now; null when fields the asker cannot see decide it. */
  branch(b: ConditionBranch): Promise<boolean | null>;
  /** Members the rules name now (the asker's hidden fields already left out). */
  resolve(nodeId: string, rules: ParticipantRule[]): Promise<string[]>;
  hidden(fieldCode: string): boolean;
  chosen: Record<string, string[]>;
}

/** Field codes a filter reads (groups included). */
function filterFields(group: FilterGroup | undefined): string[] {
  return (group?.conditions ?? []).flatMap((c) => ('conditions' in c ? filterFields(c as FilterGroup) : [c.field]));
}

/**
 * Follows the flow from given places as the interpreter would now: conditions decided on the record's
 * values (the same compiler), every parallel branch, automatic nodes skipped. Stops at a condition the
 * asker may not see decided. Each task or copy node once.
 */
class PathWalker {
  readonly steps: { node: Step; members: string[]; note: PathStep['note'] }[] = [];
  undecided = false;
  private readonly seen = new Set<string>();

  constructor(private readonly env: PathEnv) {}

  /** Walks a chain from `id`; false when it stopped at an undecided condition. */
  async chain(id: string | undefined): Promise<boolean> {
    let current = id;
    while (current !== undefined) {
      const node = this.env.graph.node(current);
      if (!node) return true;
      if (node.type === 'approve' || node.type === 'fill' || node.type === 'cc') await this.step(node);
      else if (node.type === 'condition') {
        let chosen: ConditionBranch | undefined;
        for (const b of node.settings.branches.filter((x) => !x.isElse)) {
          const holds = await this.env.branch(b);
          if (holds === null) {
            this.undecided = true;
            return false;
          }
          if (holds) {
            chosen = b;
            break;
          }
        }
        chosen ??= node.settings.branches.find((b) => b.isElse);
        if (chosen && !(await this.chain(chosen.next))) return false;
      } else if (node.type === 'parallel') {
        for (const b of node.settings.branches) if (!(await this.chain(b.next))) return false;
      }
      current = node.next;
    }
    return true;
  }

  /** The rest of the flow from a chain inside these groups: each group's continuation, innermost first. */
  async from(id: string | undefined, scopes: Scope[]): Promise<void> {
    if (!(await this.chain(id))) return;
    for (const scope of [...scopes].reverse())
      if (!(await this.chain(this.env.graph.node(scope.groupId)?.next))) return;
  }

  private async step(node: Step): Promise<void> {
    if (this.seen.has(node.id)) return;
    this.seen.add(node.id);
    const rules = node.settings.participants;
    const visible = rules.filter((r) => r.kind !== 'field' || !this.env.hidden(r.field));
    const members = await this.env.resolve(node.id, visible);
    let note: PathStep['note'] = '';
    if (!members.length) {
      if (visible.length < rules.length) note = 'hidden';
      else if (rules.some((r) => r.kind === 'originatorChoice') && !this.env.chosen[node.id]?.length)
        note = 'originatorChoice';
      else note = 'nobody';
    }
    this.steps.push({ node, members, note });
  }
}

/**
 * The path a request will take (issue 29): before submitting, the approver chain for the values
 * entered so far; while it runs, the steps after where it waits. Reads only; field rules hold (a
 * value the asker may not write is not taken, a field they cannot see names nobody and decides no
 * branch for them).
 */
export class FlowPaths {
  constructor(
    private readonly deps: FlowDeps,
    private readonly schemaContexts: SchemaContexts,
    private readonly views: WorkflowViews,
  ) {}

  async preview(tenant: TenantContext, adminHeader: boolean, body: PathPreviewBody): Promise<FlowPath> {
    const ctx = await this.schemaContexts.context(tenant, body.appCode, body.schemaCode, adminHeader);
    this.deps.records.require(ctx, 'add');
    const wf = await this.deps.repo.workflowOf(tenant.engineCode, ctx.schema.code);
    const row = wf?.published_version
      ? await this.deps.repo.version(wf.engine_code, wf.code, wf.published_version)
      : undefined;
    if (!row) throw new AppError(400, ErrorCode.badRequest, 'workflow.notPublished');
    const graph = new FlowGraph(JSON.parse(row.definition) as WorkflowDefinition);
    const rules = effectiveRules(ctx, graph.start);
    const values = draftValues(ctx.fields, rules, body.data ?? {});
    const engineCtx = await this.deps.contexts.forEngine(
      asMember(tenant, tenant.memberId),
      ctx.schema.app_code,
      ctx.schema.code,
    );
    const hidden = (code: string) => rules[code] === 'hidden';
    const walker = this.walker({
      graph,
      engineCode: tenant.engineCode,
      appCode: ctx.schema.app_code,
      originator: tenant.memberId,
      record: values,
      fields: ctx.fields,
      chosen: body.chosenParticipants ?? {},
      hidden,
      hiddenInFilter: hidden,
      filterHolds: (filter) => this.deps.records.matchesDraft(engineCtx, values, tenant.memberId, filter, this.deps.db),
    });
    await walker.chain(graph.start?.next);
    return this.answer(tenant.engineCode, walker);
  }

  /** The steps an instance will still take after where it waits (empty once it ended). */
  async ahead(tenant: TenantContext, adminHeader: boolean, instanceId: string): Promise<FlowPath> {
    const inst = await this.deps.repo.instance(tenant.engineCode, instanceId);
    if (!inst) throw new AppError(404, ErrorCode.notFound, 'workflow.instanceNotFound');
    const [items, graph] = await Promise.all([this.deps.repo.itemsOf(inst.id), graphOf(this.deps, inst, this.deps.db)]);
    // The asker's vantage decides what they may see (and whether they may look at all).
    const { rules } = await this.views.vantage(tenant, adminHeader, inst, graph, items, null);
    const runtime = parseRuntime(inst.runtime);
    const engineCtx = await this.deps.contexts.forEngine(
      asMember(tenant, inst.originator_member_id),
      inst.app_code,
      inst.schema_code,
    );
    const hidden = (code: string) => rules[code] === 'hidden' || !(code in rules);
    const walker = this.walker({
      graph,
      engineCode: inst.engine_code,
      appCode: inst.app_code,
      originator: inst.originator_member_id,
      record: (await this.deps.records.findItem(engineCtx, inst.record_id))?.data ?? {},
      fields: engineCtx.fields,
      chosen: runtime.chosen,
      hidden,
      // System columns (created at, flow state…) are named in no field rule and stay readable.
      hiddenInFilter: (code) => code in rules && hidden(code),
      filterHolds: (filter) => this.deps.records.matches(engineCtx, inst.record_id, filter),
    });
    for (const token of runtime.tokens) {
      if (!token.runId) continue;
      const revert = runtime.revert;
      // A resubmission that comes straight back to the reverting node goes on from there.
      if (revert?.direct && revert.targetRunId === token.runId) await walker.from(revert.fromNodeId, revert.fromScopes);
      else await walker.from(graph.node(token.nodeId)?.next, token.scopes);
      if (walker.undecided) break;
    }
    return this.answer(inst.engine_code, walker);
  }

  /** A walker over one request: its record's values, its originator, what the asker may not see. */
  private walker(
    r: Omit<ParticipantEnv, 'trx' | 'nodeId'> & {
      graph: FlowGraph;
      hidden: (code: string) => boolean;
      hiddenInFilter: (code: string) => boolean;
      filterHolds: (filter: FilterGroup) => Promise<boolean>;
    },
  ): PathWalker {
    return new PathWalker({
      graph: r.graph,
      chosen: r.chosen,
      hidden: r.hidden,
      branch: async (b) => {
        if (filterFields(b.filter).some(r.hiddenInFilter)) return null;
        if (b.filter?.conditions.length && !(await r.filterHolds(b.filter))) return false;
        return this.deps.automation.originatorMatches(b, r.engineCode, r.appCode, r.originator, this.deps.db);
      },
      resolve: (nodeId, rules) =>
        this.deps.resolve(rules, {
          trx: this.deps.db,
          nodeId,
          engineCode: r.engineCode,
          appCode: r.appCode,
          originator: r.originator,
          record: r.record,
          fields: r.fields,
          chosen: r.chosen,
        }),
    });
  }

  private async answer(engineCode: string, walker: PathWalker): Promise<FlowPath> {
    const names = await this.deps.repo.memberNames(
      engineCode,
      walker.steps.flatMap((s) => s.members),
    );
    return {
      steps: walker.steps.map(({ node, members, note }) => ({
        activityCode: node.id,
        activityName: node.name,
        nodeType: node.type,
        mode: node.type === 'cc' ? '' : node.settings.mode,
        participants: members.map((memberId) => ({ memberId, name: names.get(memberId) ?? '' })),
        note,
      })),
      undecided: walker.undecided,
    };
  }
}

/**
 * A form's values as the start node lets the originator write them: fields they may edit take what
 * was entered (a value that does not parse counts as empty), every other field its default.
 */
function draftValues(fields: FieldsTable[], rules: FieldRules, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const type = fieldType(f.type);
    if (f.deleted_at !== null || !type || type.system) continue;
    const writable = rules[f.code] === 'editable' || rules[f.code] === 'required';
    const input =
      writable && Object.hasOwn(data, f.code)
        ? data[f.code]
        : f.default_value
          ? (JSON.parse(f.default_value) as unknown)
          : null;
    const parsed = type.parse(input, settingsOf(f));
    out[f.code] = parsed.ok ? parsed.value : null;
  }
  return out;
}
