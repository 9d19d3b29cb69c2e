import { randomUUID } from 'node:crypto';
import {
  type ActionNode,
  type CcNode,
  type ConditionBranch,
  InstanceState,
  ItemType,
  type ParallelBranch,
  type ParticipantRule,
  type TaskNode,
  type WorkflowNode,
} from '@canopy/contract';
import { AppError } from '../../http/app-error.js';
import { type FlowGraph, parallelPath, type Scope, withinRegion } from './definition.js';
import type { NodeRun, Runtime, Seat, Token } from './runtime.js';

/** What the interpreter asks of the world, all inside the action's transaction. */
export interface EngineEnv {
  now: number;
  graph: FlowGraph;
  originator: string;
  /** People a node's rules name now (record values, the submitter's choices, the org chart). */
  resolve(nodeId: string, rules: ParticipantRule[]): Promise<string[]>;
  appOwner(): Promise<string | null>;
  branchMatches(branch: ConditionBranch): Promise<boolean>;
  runOperations(node: ActionNode): Promise<void>;
  /** The one place work items are created (deadlines and delegation hook in here later). */
  openItem(item: NewItem): Promise<string>;
  /** Closes open items of these runs or ids (or all of the instance's; copies only if asked), returning their ids. */
  cancelItems(filter: { runIds?: string[]; all?: boolean; itemIds?: string[]; copies?: boolean }): Promise<string[]>;
  log(entry: EngineLog): Promise<void>;
}

export interface NewItem {
  nodeId: string;
  nodeName: string;
  itemType: number;
  runId: string;
  seat: string;
  memberId: string;
  actingFor: string | null;
}

export interface EngineLog {
  nodeId: string;
  action: string;
  memberId?: string;
  actingFor?: string | null;
  workItemId?: string;
  comment?: string;
  detail?: Record<string, unknown>;
  changes?: unknown[];
}

const fail = (key: 'workflow.noParticipants' | 'workflow.noBranch' | 'workflow.chooseParticipants', node: string) =>
  new AppError(400, 'workflow.engine', key, { node }, 'BIZ');

/**
 * The flow interpreter: given the definition and the instance's runtime, it moves tokens through
 * nodes, opens and closes work items through the env, and decides node runs by their mode. It
 * holds no state between actions; everything it decides is written in the action's transaction.
 */
export class FlowEngine {
  state: number;
  result: '' | 'approved' | 'rejected' = '';

  constructor(
    private readonly env: EngineEnv,
    readonly runtime: Runtime,
    state: number,
  ) {
    this.state = state;
  }

  private get graph(): FlowGraph {
    return this.env.graph;
  }

  /** Opens the start node for the originator (a new instance, or a withdrawn one). */
  async openStart(): Promise<NodeRun> {
    const start = this.graph.start;
    if (!start) throw new Error('definition without a start node');
    const token: Token = { id: randomUUID(), nodeId: start.id, scopes: [], runId: null };
    this.runtime.tokens.push(token);
    await this.enter(token);
    const run = token.runId ? this.runtime.runs[token.runId] : undefined;
    if (!run) throw new Error('start node did not open');
    return run;
  }

  // Moving tokens ---------------------------------------------------------------------------

  private async enter(token: Token, options: { reentry?: boolean } = {}): Promise<void> {
    const node = this.graph.node(token.nodeId);
    if (!node) throw new Error(`node ${token.nodeId} missing`);
    switch (node.type) {
      case 'start':
        await this.openRun(token, node, [this.env.originator]);
        return;
      case 'approve':
      case 'fill':
        return this.enterTask(token, node, options.reentry === true);
      case 'cc':
        await this.copyTo(node, await this.env.resolve(node.id, node.settings.participants), null);
        return this.advance(token);
      case 'action':
        await this.env.runOperations(node);
        return this.advance(token);
      case 'condition':
        return this.enterCondition(token, node);
      case 'parallel':
        return this.enterParallel(token, node);
    }
  }

  private async enterTask(token: Token, node: Exclude<TaskNode, { type: 'start' }>, reentry: boolean) {
    const s = node.settings;
    let members = await this.env.resolve(node.id, s.participants);
    if (!members.length) {
      const chooses = s.participants.some((p) => p.kind === 'originatorChoice');
      if (chooses && !this.runtime.chosen[node.id]?.length) throw fail('workflow.chooseParticipants', node.name);
      if (s.whenEmpty === 'error') throw fail('workflow.noParticipants', node.name);
      if (s.whenEmpty === 'pass') {
        await this.env.log({ nodeId: node.id, action: 'autoPass', detail: { reason: 'noParticipants' } });
        this.runtime.passed.push({ nodeId: node.id, scopes: token.scopes, actors: [] });
        return this.advance(token);
      }
      const owner = await this.env.appOwner();
      if (!owner) throw fail('workflow.noParticipants', node.name);
      members = [owner];
    }
    // "Same person twice in a row": who acted at the previous task node on this token's path passes
    // here automatically (not the last one passed in a sibling parallel branch).
    const last = [...this.runtime.passed].reverse().find((p) => onPath(p.scopes, token.scopes));
    const previous = s.skipRepeated && !reentry ? new Set(last?.actors ?? []) : new Set<string>();
    const run = await this.openRun(token, node, members, previous);
    for (const seat of run.seats.filter((x) => x.outcome === 'approved'))
      await this.env.log({ nodeId: node.id, action: 'autoApprove', memberId: seat.memberId });
    if (run.seats.some((x) => x.outcome === 'approved')) await this.settle(run);
  }

  private async openRun(token: Token, node: TaskNode, members: string[], preApproved = new Set<string>()) {
    const mode = node.type === 'start' ? 'any' : node.settings.mode;
    const run: NodeRun = {
      id: randomUUID(),
      nodeId: node.id,
      tokenId: token.id,
      mode,
      percent: node.type !== 'start' && mode === 'percent' ? (node.settings.percent ?? 100) : 100,
      seats: members.map((memberId) => {
        const auto = preApproved.has(memberId);
        return { id: randomUUID(), memberId, outcome: auto ? 'approved' : 'pending', opened: auto, chain: [] };
      }),
      actors: members.filter((m) => preApproved.has(m)),
    };
    this.runtime.runs[run.id] = run;
    token.runId = run.id;
    // Nothing to open when an automatic approval already decides the node (settle closes the run).
    if (this.verdict(run) !== 'wait') return run;
    const pending = run.seats.filter((x) => x.outcome === 'pending');
    for (const seat of mode === 'sequence' ? pending.slice(0, 1) : pending)
      await this.openSeat(run, seat, seat.memberId);
    return run;
  }

  private itemTypeOf(node: WorkflowNode): number {
    return node.type === 'approve' ? ItemType.Approve : node.type === 'cc' ? ItemType.Circulate : ItemType.Fill;
  }

  private async openSeat(run: NodeRun, seat: Seat, memberId: string): Promise<string> {
    const node = this.graph.node(run.nodeId) as TaskNode;
    seat.opened = true;
    const id = await this.env.openItem({
      nodeId: node.id,
      nodeName: node.name,
      itemType: this.itemTypeOf(node),
      runId: run.id,
      seat: seat.id,
      memberId,
      actingFor: memberId === seat.memberId ? null : seat.memberId,
    });
    return id;
  }

  /** Read-only copies (Circulate items): they never block the flow. */
  async copyTo(node: CcNode | TaskNode, members: string[], runId: string | null): Promise<void> {
    const id = runId ?? randomUUID();
    for (const memberId of members) {
      await this.env.openItem({
        nodeId: node.id,
        nodeName: node.name,
        itemType: ItemType.Circulate,
        runId: id,
        seat: randomUUID(),
        memberId,
        actingFor: null,
      });
    }
    if (node.type === 'cc') await this.env.log({ nodeId: node.id, action: 'autoCc', detail: { memberIds: members } });
  }

  private async enterCondition(token: Token, node: Extract<WorkflowNode, { type: 'condition' }>) {
    const branches = node.settings.branches;
    let chosen: ConditionBranch | undefined;
    for (const b of branches.filter((x) => !x.isElse)) {
      if (await this.env.branchMatches(b)) {
        chosen = b;
        break;
      }
    }
    chosen ??= branches.find((b) => b.isElse);
    if (!chosen) throw fail('workflow.noBranch', node.name);
    await this.env.log({ nodeId: node.id, action: 'branch', detail: { branchId: chosen.id, branchName: chosen.name } });
    return this.enterBranch(token, node.id, chosen, 'condition');
  }

  private async enterParallel(token: Token, node: Extract<WorkflowNode, { type: 'parallel' }>) {
    this.removeToken(token);
    this.runtime.joins[this.joinKey(token.scopes, node.id)] = [];
    for (const b of node.settings.branches) {
      const child: Token = { id: randomUUID(), nodeId: node.id, scopes: token.scopes, runId: null };
      this.runtime.tokens.push(child);
      await this.enterBranch(child, node.id, b, 'parallel');
    }
  }

  private async enterBranch(
    token: Token,
    groupId: string,
    branch: ConditionBranch | ParallelBranch,
    kind: Scope['kind'],
  ) {
    token.scopes = [...token.scopes, { groupId, branchId: branch.id, kind }];
    if (!branch.next) return this.endOfChain(token);
    token.nodeId = branch.next;
    return this.enter(token);
  }

  private async advance(token: Token): Promise<void> {
    const node = this.graph.node(token.nodeId);
    token.runId = null;
    if (node?.next) {
      token.nodeId = node.next;
      return this.enter(token);
    }
    return this.endOfChain(token);
  }

  private joinKey(outer: Scope[], groupId: string): string {
    return `${parallelPath(outer)}|${groupId}`;
  }

  /** A chain ended: the flow's end, a condition branch's end (go on after the group) or a parallel join. */
  private async endOfChain(token: Token): Promise<void> {
    const scope = token.scopes.at(-1);
    if (!scope) {
      this.removeToken(token);
      if (!this.runtime.tokens.length) await this.finish('approved');
      return;
    }
    const outer = token.scopes.slice(0, -1);
    if (scope.kind === 'condition') {
      token.nodeId = scope.groupId;
      token.scopes = outer;
      return this.advance(token);
    }
    this.removeToken(token);
    const key = this.joinKey(outer, scope.groupId);
    const arrived = [...(this.runtime.joins[key] ?? []), scope.branchId];
    this.runtime.joins[key] = arrived;
    const group = this.graph.node(scope.groupId);
    const all = group?.type === 'parallel' ? group.settings.branches.map((b) => b.id) : [];
    if (all.every((id) => arrived.includes(id))) {
      delete this.runtime.joins[key];
      const joined: Token = { id: randomUUID(), nodeId: scope.groupId, scopes: outer, runId: null };
      this.runtime.tokens.push(joined);
      await this.env.log({ nodeId: scope.groupId, action: 'join' });
      return this.advance(joined);
    }
  }

  private removeToken(token: Token): void {
    this.runtime.tokens = this.runtime.tokens.filter((t) => t.id !== token.id);
  }

  // Deciding node runs ------------------------------------------------------------------------

  runOf(runId: string): NodeRun | undefined {
    return this.runtime.runs[runId];
  }

  /**
   * A participant's decision on their item (already completed by the caller). An approval passes
   * to the seat's next added signer if any; otherwise it decides the seat, and the run by its mode.
   */
  async decide(runId: string, seatId: string, memberId: string, outcome: 'approved' | 'rejected'): Promise<void> {
    const run = this.runtime.runs[runId];
    const seat = run?.seats.find((s) => s.id === seatId);
    if (!run || !seat) throw new Error('work item outside its run');
    if (outcome === 'approved') {
      run.actors.push(memberId);
      const next = seat.chain.shift();
      if (next) {
        await this.openSeat(run, seat, next);
        return;
      }
    }
    seat.outcome = outcome;
    await this.settle(run);
  }

  /** Added signers: before = they act first, then the asker again; after = after the asker's approval. */
  async addSigners(runId: string, seatId: string, asker: string, members: string[], position: 'before' | 'after') {
    const run = this.runtime.runs[runId];
    const seat = run?.seats.find((s) => s.id === seatId);
    if (!run || !seat) throw new Error('work item outside its run');
    if (position === 'after') run.actors.push(asker);
    seat.chain = position === 'before' ? [...members, asker, ...seat.chain] : [...members, ...seat.chain];
    const next = seat.chain.shift() as string;
    await this.openSeat(run, seat, next);
  }

  /** 转交: the same seat, another member. */
  async transfer(runId: string, seatId: string, to: string): Promise<void> {
    const run = this.runtime.runs[runId];
    const seat = run?.seats.find((s) => s.id === seatId);
    if (!run || !seat) throw new Error('work item outside its run');
    await this.openSeat(run, seat, to);
  }

  private verdict(run: NodeRun): 'pass' | 'reject' | 'wait' {
    const approved = run.seats.filter((s) => s.outcome === 'approved').length;
    const rejected = run.seats.filter((s) => s.outcome === 'rejected').length;
    const total = run.seats.length;
    switch (run.mode) {
      case 'any':
        return approved > 0 ? 'pass' : rejected > 0 ? 'reject' : 'wait';
      case 'all':
      case 'sequence':
        return rejected > 0 ? 'reject' : approved === total ? 'pass' : 'wait';
      case 'percent': {
        const needed = Math.ceil((total * run.percent) / 100);
        if (approved >= needed) return 'pass';
        return total - rejected < needed ? 'reject' : 'wait';
      }
    }
  }

  private async settle(run: NodeRun): Promise<void> {
    const verdict = this.verdict(run);
    if (verdict === 'wait') {
      if (run.mode === 'sequence' && !run.seats.some((s) => s.opened && s.outcome === 'pending')) {
        const next = run.seats.find((s) => !s.opened);
        if (next) await this.openSeat(run, next, next.memberId);
      }
      return;
    }
    await this.env.cancelItems({ runIds: [run.id] });
    delete this.runtime.runs[run.id];
    const token = this.runtime.tokens.find((t) => t.id === run.tokenId);
    if (!token) throw new Error('run without its token');
    token.runId = null;
    const node = this.graph.node(run.nodeId) as TaskNode;
    if (verdict === 'reject') {
      const rejectTo = node.type === 'approve' ? node.settings.rejectTo : 'end';
      if (rejectTo === 'originator' && this.graph.start) {
        this.runtime.revert = null;
        await this.moveBack(token, this.graph.start.id);
        return;
      }
      return this.finish('rejected');
    }
    this.runtime.passed.push({ nodeId: node.id, scopes: token.scopes, actors: [...new Set(run.actors)] });
    // Submitting the start node starts the instance (Starting is passed through within this action).
    if (this.state === InstanceState.Initiated) this.state = InstanceState.Running;
    const revert = this.runtime.revert;
    if (revert && revert.targetRunId === run.id) {
      this.runtime.revert = null;
      if (revert.direct) {
        token.nodeId = revert.fromNodeId;
        token.scopes = revert.fromScopes;
        return this.enter(token, { reentry: true });
      }
    }
    return this.advance(token);
  }

  // Going back --------------------------------------------------------------------------------

  revertTargets(scopes: Scope[]): string[] {
    return revertTargetsOf(this.graph, this.runtime, scopes);
  }

  /**
   * Sends the flow from this run back to a node already passed (or the start node): every token
   * in the target's region stops (their open items close), and the target opens again. `direct`:
   * once the target completes, the flow comes straight back to the reverting node.
   */
  async revert(runId: string, targetNodeId: string, direct: boolean, by: { itemId: string; memberId: string }) {
    const run = this.runtime.runs[runId];
    const token = run && this.runtime.tokens.find((t) => t.id === run.tokenId);
    if (!run || !token) throw new Error('work item outside its run');
    if (!this.revertTargets(token.scopes).includes(targetNodeId))
      throw new AppError(400, 'workflow.revert', 'workflow.revertTarget', {}, 'BIZ');
    const targetScopes = this.scopesOfPassed(targetNodeId);
    if (direct && parallelPath(targetScopes) !== parallelPath(token.scopes))
      throw new AppError(400, 'workflow.revert', 'workflow.revertTarget', {}, 'BIZ');
    const { revert: _previous, ...rest } = this.runtime;
    const snapshot = structuredClone(rest);
    const from = { nodeId: run.nodeId, scopes: token.scopes };
    const closed = await this.moveBack(token, targetNodeId);
    const target = this.runtime.tokens.find((t) => t.nodeId === targetNodeId && t.runId);
    this.runtime.revert = {
      itemId: by.itemId,
      memberId: by.memberId,
      fromNodeId: from.nodeId,
      fromScopes: from.scopes,
      targetNodeId,
      targetRunId: target?.runId ?? null,
      direct,
      snapshot,
      closedItemIds: [by.itemId, ...closed],
    };
  }

  private scopesOfPassed(nodeId: string): Scope[] {
    if (nodeId === this.graph.start?.id) return [];
    return [...this.runtime.passed].reverse().find((p) => p.nodeId === nodeId)?.scopes ?? this.graph.scopeOf(nodeId);
  }

  /** Stops every token in the target's region and opens the target again; returns the items closed. */
  private async moveBack(token: Token, targetNodeId: string): Promise<string[]> {
    const targetScopes = this.scopesOfPassed(targetNodeId);
    const stopping = this.runtime.tokens.filter((t) => t.id === token.id || withinRegion(targetScopes, t.scopes));
    const runIds = stopping.map((t) => t.runId).filter((id): id is string => Boolean(id));
    const closed = await this.env.cancelItems({ runIds });
    for (const id of runIds) delete this.runtime.runs[id];
    const stoppedIds = new Set(stopping.map((t) => t.id));
    this.runtime.tokens = this.runtime.tokens.filter((t) => !stoppedIds.has(t.id));
    const region = parallelPath(targetScopes);
    for (const key of Object.keys(this.runtime.joins)) {
      const path = key.split('|')[0] ?? '';
      if (region === '' || path === region || path.startsWith(`${region}/`)) delete this.runtime.joins[key];
    }
    // The history from the target on is forgotten only within the region that goes back: sibling
    // parallel branches keep running and still need theirs (their revert targets, skipping a repeat).
    const last = this.runtime.passed.map((p) => p.nodeId).lastIndexOf(targetNodeId);
    if (last >= 0)
      this.runtime.passed = this.runtime.passed.filter((p, i) => i < last || !withinRegion(targetScopes, p.scopes));
    else if (targetNodeId === this.graph.start?.id) this.runtime.passed = [];
    const back: Token = { id: randomUUID(), nodeId: targetNodeId, scopes: targetScopes, runId: null };
    this.runtime.tokens.push(back);
    await this.enter(back, { reentry: true });
    return closed;
  }

  /**
   * Takes the pending revert back: the target's open items close, the runtime is what it was
   * before the revert, and the items the revert closed (the reverter's own among them) open again.
   * Returns those items' ids for the caller to reopen.
   */
  async resume(): Promise<string[]> {
    const revert = this.runtime.revert;
    if (!revert) throw new Error('no revert to take back');
    await this.env.cancelItems({ runIds: revert.targetRunId ? [revert.targetRunId] : [] });
    Object.assign(this.runtime, structuredClone(revert.snapshot), { revert: null });
    return revert.closedItemIds;
  }

  // Ending ------------------------------------------------------------------------------------

  private async finish(result: 'approved' | 'rejected'): Promise<void> {
    await this.env.cancelItems({ all: true });
    this.runtime.tokens = [];
    this.runtime.runs = {};
    this.runtime.joins = {};
    this.runtime.revert = null;
    this.state = InstanceState.Finishing;
    await this.env.log({ nodeId: '', action: result === 'approved' ? 'finish' : 'finishRejected' });
    this.state = InstanceState.Finished;
    this.result = result;
  }

  /** Terminate (7) or cancel (5): every open item closes, nothing runs any more. */
  async stop(state: typeof InstanceState.Terminate | typeof InstanceState.Canceled): Promise<void> {
    await this.env.cancelItems({ all: true, copies: state === InstanceState.Canceled });
    this.runtime.tokens = [];
    this.runtime.runs = {};
    this.runtime.joins = {};
    this.runtime.revert = null;
    this.state = state;
  }

  /** Withdrawn: back to a draft with the originator's start item open again. */
  async backToDraft(): Promise<void> {
    await this.env.cancelItems({ all: true });
    Object.assign(this.runtime, { tokens: [], runs: {}, joins: {}, passed: [], revert: null });
    this.state = InstanceState.Initiated;
    await this.openStart();
  }

  /**
   * The state to write after an action: a submitted flow that waits only at its start node again was
   * sent back to the originator (Returned); leaving the start node makes it Running once more.
   */
  settledState(): number {
    if (this.state !== InstanceState.Running && this.state !== InstanceState.Returned) return this.state;
    const waiting = Object.values(this.runtime.runs).map((r) => r.nodeId);
    const start = this.graph.start?.id;
    this.state =
      waiting.length > 0 && waiting.every((id) => id === start) ? InstanceState.Returned : InstanceState.Running;
    return this.state;
  }

  /** The task nodes the flow waits at now. */
  currentNodes(): { id: string; name: string }[] {
    const seen = new Map<string, string>();
    for (const run of Object.values(this.runtime.runs)) {
      const node = this.graph.node(run.nodeId);
      if (node) seen.set(node.id, node.name);
    }
    return [...seen].map(([id, name]) => ({ id, name }));
  }
}

/** Nodes a token at `scopes` may be sent back to: task nodes passed in its region (latest first), and the start node. */
export function revertTargetsOf(graph: FlowGraph, runtime: Runtime, scopes: Scope[]): string[] {
  const out: string[] = [];
  for (const p of [...runtime.passed].reverse()) {
    const node = graph.task(p.nodeId);
    if (!node || node.type === 'start' || out.includes(p.nodeId)) continue;
    if (withinRegion(p.scopes, scopes)) out.push(p.nodeId);
  }
  if (graph.start) out.push(graph.start.id);
  return out;
}

/**
 * Whether a node passed at `passed` lies on the path of a token at `scopes`: in the same parallel
 * branch, in one around it (before the group), or in a group inside it that has joined since; not
 * in a sibling branch running beside it.
 */
function onPath(passed: Scope[], scopes: Scope[]): boolean {
  return withinRegion(passed, scopes) || withinRegion(scopes, passed);
}

/** The scopes of the token an item's run belongs to. */
export function scopesOfRun(runtime: Runtime, runId: string): Scope[] {
  const run = runtime.runs[runId];
  return runtime.tokens.find((t) => t.id === run?.tokenId)?.scopes ?? [];
}
