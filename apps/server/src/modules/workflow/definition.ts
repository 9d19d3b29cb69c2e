import type { ConditionBranch, ParallelBranch, TaskNode, WorkflowDefinition, WorkflowNode } from '@canopy/contract';

/** Where a node sits: the groups and branches around it, outermost first. */
export interface Scope {
  groupId: string;
  branchId: string;
  kind: 'condition' | 'parallel';
}

/**
 * A definition read once into lookups: nodes by id, the scope each reachable node sits in, and
 * which node or branch links to each node. The interpreter and the publish checks both use it.
 */
export class FlowGraph {
  readonly nodes = new Map<string, WorkflowNode>();
  /** Reachable nodes only (walked from the start node). */
  readonly scopes = new Map<string, Scope[]>();
  /** How many links (`next` of a node or branch) name each node id. */
  readonly incoming = new Map<string, number>();
  readonly start: WorkflowNode | undefined;
  /** Links to ids that are no node, and nodes met twice while walking (a cycle or a shared node). */
  readonly problems: { nodeId: string; kind: 'dangling' | 'cycle' }[] = [];

  constructor(readonly definition: WorkflowDefinition) {
    for (const n of definition.nodes) this.nodes.set(n.id, n);
    const starts = definition.nodes.filter((n) => n.type === 'start');
    this.start = starts.length === 1 ? starts[0] : undefined;
    for (const n of definition.nodes) {
      for (const target of linksOf(n)) this.incoming.set(target, (this.incoming.get(target) ?? 0) + 1);
    }
    if (this.start) this.walk(this.start.id, []);
  }

  private walk(firstId: string | undefined, scopes: Scope[]): void {
    let id = firstId;
    while (id !== undefined) {
      const node = this.nodes.get(id);
      if (!node) {
        this.problems.push({ nodeId: id, kind: 'dangling' });
        return;
      }
      if (this.scopes.has(id)) {
        this.problems.push({ nodeId: id, kind: 'cycle' });
        return;
      }
      this.scopes.set(id, scopes);
      if (node.type === 'condition' || node.type === 'parallel') {
        for (const b of node.settings.branches as (ConditionBranch | ParallelBranch)[]) {
          this.walk(b.next, [...scopes, { groupId: node.id, branchId: b.id, kind: node.type }]);
        }
      }
      id = node.next;
    }
  }

  node(id: string): WorkflowNode | undefined {
    return this.nodes.get(id);
  }

  task(id: string): TaskNode | undefined {
    const n = this.nodes.get(id);
    return n && (n.type === 'start' || n.type === 'approve' || n.type === 'fill') ? n : undefined;
  }

  scopeOf(id: string): Scope[] {
    return this.scopes.get(id) ?? [];
  }

  /** Task nodes reachable after `fromId` (to list the nodes whose participants a submitter chooses). */
  reachableTasks(): TaskNode[] {
    return [...this.scopes.keys()].map((id) => this.task(id)).filter((n): n is TaskNode => Boolean(n));
  }
}

/** Ids a node links to: its `next` and, for groups, each branch's first node. */
export function linksOf(n: WorkflowNode): string[] {
  const out: string[] = [];
  if (n.next) out.push(n.next);
  if (n.type === 'condition' || n.type === 'parallel') {
    for (const b of n.settings.branches as (ConditionBranch | ParallelBranch)[]) if (b.next) out.push(b.next);
  }
  return out;
}

/** The part of a scope path that joins wait on (condition branches need no join). */
export function parallelPath(scopes: Scope[]): string {
  return scopes
    .filter((s) => s.kind === 'parallel')
    .map((s) => `${s.groupId}:${s.branchId}`)
    .join('/');
}

/** Whether a node at `inner` lies within the parallel region of `outer` (same branch or deeper). */
export function withinRegion(outer: Scope[], inner: Scope[]): boolean {
  const a = parallelPath(outer);
  const b = parallelPath(inner);
  return a === '' || b === a || b.startsWith(`${a}/`);
}

/**
 * The structural problems a draft may not even be saved with: duplicate ids, links to nothing, not
 * exactly one start node, cycles. (Publishing checks everything else.)
 */
export function structuralProblem(definition: WorkflowDefinition): string | null {
  const ids = new Set<string>();
  for (const n of definition.nodes) {
    if (ids.has(n.id)) return `duplicate node id ${n.id}`;
    ids.add(n.id);
    if (n.type === 'condition' || n.type === 'parallel') {
      const branchIds = new Set<string>();
      for (const b of n.settings.branches as (ConditionBranch | ParallelBranch)[]) {
        if (branchIds.has(b.id)) return `duplicate branch id ${b.id}`;
        branchIds.add(b.id);
      }
    }
  }
  const graph = new FlowGraph(definition);
  if (!graph.start) return 'exactly one start node';
  const dangling = graph.problems.find((p) => p.kind === 'dangling');
  if (dangling) return `unknown node ${dangling.nodeId}`;
  for (const n of definition.nodes)
    for (const target of linksOf(n)) if (!ids.has(target)) return `unknown node ${target}`;
  const cycle = graph.problems.find((p) => p.kind === 'cycle');
  if (cycle) return `node ${cycle.nodeId} is linked twice`;
  return null;
}
