import type {
  ConditionBranch,
  ConditionNode,
  ParallelBranch,
  ParallelNode,
  WorkflowDefinition,
  WorkflowNode,
} from '@canopy/contract';

/**
 * The designer's view of a flow definition. The contract keeps nodes flat, linked by `next`, with
 * branch groups whose branches start their own chains; the canvas draws chains top to bottom.
 * Every edit here is pure: it takes a definition and answers a new one.
 */

export type GroupNode = ConditionNode | ParallelNode;
export type Branch = ConditionBranch | ParallelBranch;

/** Where a new node goes: after a node, or at the top of a branch. */
export type Anchor = { after: string } | { group: string; branch: string };

export interface ChainItem {
  node: WorkflowNode;
  /** A group's branches, each with its own chain (drawn side by side, joined below). */
  branches?: BranchView[];
}
export interface BranchView {
  branch: Branch;
  index: number;
  chain: ChainItem[];
}

export const isGroup = (n: WorkflowNode): n is GroupNode => n.type === 'condition' || n.type === 'parallel';
const byId = (def: WorkflowDefinition) => new Map(def.nodes.map((n) => [n.id, n]));

/** The chain that starts at `id`, following `next` (a loop in bad data stops where it repeats). */
export function buildChain(def: WorkflowDefinition, id: string | undefined, seen = new Set<string>()): ChainItem[] {
  const nodes = byId(def);
  const out: ChainItem[] = [];
  let current = id ? nodes.get(id) : undefined;
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    if (isGroup(current)) {
      const branches = current.settings.branches.map((branch: Branch, index: number) => ({
        branch,
        index,
        chain: buildChain(def, branch.next, seen),
      }));
      out.push({ node: current, branches });
    } else out.push({ node: current });
    current = current.next ? nodes.get(current.next) : undefined;
  }
  return out;
}

export const startNode = (def: WorkflowDefinition) => def.nodes.find((n) => n.type === 'start');

/** The whole flow from its start node. */
export function flowChain(def: WorkflowDefinition): ChainItem[] {
  return buildChain(def, startNode(def)?.id);
}

/** Ids of every node in a chain, branches included. */
export function chainIds(chain: ChainItem[]): string[] {
  return chain.flatMap((item) => [item.node.id, ...(item.branches ?? []).flatMap((b) => chainIds(b.chain))]);
}

/** Node ids a definition holds that the start node never reaches (kept out of saves). */
export function unreachable(def: WorkflowDefinition): string[] {
  const reached = new Set(chainIds(flowChain(def)));
  return def.nodes.filter((n) => !reached.has(n.id)).map((n) => n.id);
}

function mapNode(def: WorkflowDefinition, id: string, update: (n: WorkflowNode) => WorkflowNode): WorkflowDefinition {
  return { ...def, nodes: def.nodes.map((n) => (n.id === id ? update(n) : n)) };
}

function mapBranches(group: GroupNode, update: (branches: Branch[]) => Branch[]): GroupNode {
  if (group.type === 'condition')
    return {
      ...group,
      settings: { ...group.settings, branches: update(group.settings.branches) as ConditionBranch[] },
    };
  return { ...group, settings: { ...group.settings, branches: update(group.settings.branches) as ParallelBranch[] } };
}

function withNext<T extends { next?: string }>(item: T, next: string | undefined): T {
  const { next: _old, ...rest } = item;
  return (next ? { ...rest, next } : rest) as T;
}

/** What points at `id`: a node's `next` or a branch's start. */
function pointerTo(def: WorkflowDefinition, id: string): Anchor | null {
  for (const n of def.nodes) {
    if (n.next === id) return { after: n.id };
    if (isGroup(n)) {
      const b = n.settings.branches.find((x: Branch) => x.next === id);
      if (b) return { group: n.id, branch: b.id };
    }
  }
  return null;
}

function readPointer(def: WorkflowDefinition, anchor: Anchor): string | undefined {
  const nodes = byId(def);
  if ('after' in anchor) return nodes.get(anchor.after)?.next;
  const group = nodes.get(anchor.group);
  if (!group || !isGroup(group)) return undefined;
  return group.settings.branches.find((b: Branch) => b.id === anchor.branch)?.next;
}

function setPointer(def: WorkflowDefinition, anchor: Anchor, target: string | undefined): WorkflowDefinition {
  if ('after' in anchor) return mapNode(def, anchor.after, (n) => withNext(n, target));
  return mapNode(def, anchor.group, (n) =>
    isGroup(n) ? mapBranches(n, (bs) => bs.map((b) => (b.id === anchor.branch ? withNext(b, target) : b))) : n,
  );
}

/**
 * Puts a new node at the anchor; what followed the anchor now follows the node. A group arrives
 * with empty branches, so the flow below it continues after its join.
 */
export function insertNode(def: WorkflowDefinition, anchor: Anchor, node: WorkflowNode): WorkflowDefinition {
  const following = readPointer(def, anchor);
  const placed = withNext(node, following);
  return setPointer({ ...def, nodes: [...def.nodes, placed] }, anchor, node.id);
}

/** Removes a node (a group with everything in its branches); its predecessor then leads to its `next`. */
export function removeNode(def: WorkflowDefinition, id: string): WorkflowDefinition {
  const node = byId(def).get(id);
  if (!node || node.type === 'start') return def;
  const gone = new Set([id]);
  if (isGroup(node))
    for (const b of node.settings.branches as Branch[]) for (const x of chainIds(buildChain(def, b.next))) gone.add(x);
  const pointer = pointerTo(def, id);
  const rest: WorkflowDefinition = { ...def, nodes: def.nodes.filter((n) => !gone.has(n.id)) };
  return pointer ? setPointer(rest, pointer, node.next) : rest;
}

/** A new branch: condition branches go before the else branch (it is always tried last). */
export function addBranch(def: WorkflowDefinition, groupId: string, branch: Branch): WorkflowDefinition {
  return mapNode(def, groupId, (n) => {
    if (!isGroup(n)) return n;
    return mapBranches(n, (bs) => {
      const elseAt = bs.findIndex((b) => 'isElse' in b && b.isElse);
      if (elseAt < 0) return [...bs, branch];
      return [...bs.slice(0, elseAt), branch, ...bs.slice(elseAt)];
    });
  });
}

/**
 * Removes a branch with its nodes. A group left with one branch dissolves: that branch's nodes
 * take the group's place in the flow (as DingTalk does when the second-last branch goes).
 */
export function removeBranch(def: WorkflowDefinition, groupId: string, branchId: string): WorkflowDefinition {
  const group = byId(def).get(groupId);
  if (!group || !isGroup(group)) return def;
  const branches = group.settings.branches as Branch[];
  const removed = branches.find((b) => b.id === branchId);
  if (!removed) return def;
  const gone = new Set(chainIds(buildChain(def, removed.next)));
  let next: WorkflowDefinition = {
    ...def,
    nodes: def.nodes
      .filter((n) => !gone.has(n.id))
      .map((n) => (n.id === groupId && isGroup(n) ? mapBranches(n, (bs) => bs.filter((b) => b.id !== branchId)) : n)),
  };
  const left = branches.filter((b) => b.id !== branchId);
  if (left.length !== 1) return next;
  // Dissolve: splice the last branch's chain in where the group stood.
  const only = left[0] as Branch;
  const pointer = pointerTo(next, groupId);
  const chain = buildChain(next, only.next);
  const last = chain[chain.length - 1];
  if (last) next = mapNode(next, last.node.id, (n) => withNext(n, group.next));
  next = { ...next, nodes: next.nodes.filter((n) => n.id !== groupId) };
  return pointer ? setPointer(next, pointer, only.next ?? group.next) : next;
}

/** Moves a condition branch up or down in the order branches are tried (the else branch stays last). */
export function moveBranch(
  def: WorkflowDefinition,
  groupId: string,
  branchId: string,
  delta: -1 | 1,
): WorkflowDefinition {
  return mapNode(def, groupId, (n) => {
    if (!isGroup(n)) return n;
    return mapBranches(n, (bs) => {
      const from = bs.findIndex((b) => b.id === branchId);
      const to = from + delta;
      const target = bs[to];
      if (from < 0 || !target || ('isElse' in target && target.isElse)) return bs;
      const copy = [...bs];
      [copy[from], copy[to]] = [copy[to] as Branch, copy[from] as Branch];
      return copy;
    });
  });
}

/** Replaces a node's name and settings (its place in the flow is the tree's business). */
export function updateNode(def: WorkflowDefinition, node: WorkflowNode): WorkflowDefinition {
  return mapNode(def, node.id, (n) => ({ ...node, ...(n.next ? { next: n.next } : {}) }) as WorkflowNode);
}

/** Replaces one branch of a group (name, conditions). */
export function updateBranch(def: WorkflowDefinition, groupId: string, branch: Branch): WorkflowDefinition {
  return mapNode(def, groupId, (n) =>
    isGroup(n)
      ? mapBranches(n, (bs) =>
          bs.map((b) => (b.id === branch.id ? ({ ...branch, ...(b.next ? { next: b.next } : {}) } as Branch) : b)),
        )
      : n,
  );
}

/** Finds a branch and its group by the branch's id. */
export function findBranch(def: WorkflowDefinition, branchId: string): { group: GroupNode; branch: Branch } | null {
  for (const n of def.nodes) {
    if (!isGroup(n)) continue;
    const branch = (n.settings.branches as Branch[]).find((b) => b.id === branchId);
    if (branch) return { group: n, branch };
  }
  return null;
}

/**
 * Ids the server named in a refusal. Field errors name node ids, possibly inside a path such as
 * `nodes.approve1.settings`; whatever part is a known node or branch id counts.
 */
export function idsInErrorFields(def: WorkflowDefinition, fields: string[]): string[] {
  const known = new Set<string>();
  for (const n of def.nodes) {
    known.add(n.id);
    if (isGroup(n)) for (const b of n.settings.branches as Branch[]) known.add(b.id);
  }
  const out = new Set<string>();
  for (const field of fields) {
    for (const part of field.split(/[./[\]]/)) if (known.has(part)) out.add(part);
  }
  return [...out];
}

/** An id the contract accepts and no node or branch of the flow has yet. */
export function newId(
  def: WorkflowDefinition,
  prefix: string,
  also: string[] = [],
  random: () => number = Math.random,
): string {
  const taken = new Set<string>(also);
  for (const n of def.nodes) {
    taken.add(n.id);
    if (isGroup(n)) for (const b of n.settings.branches as Branch[]) taken.add(b.id);
  }
  for (;;) {
    const id = `${prefix}_${Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, '0')}`;
    if (!taken.has(id)) return id;
  }
}
