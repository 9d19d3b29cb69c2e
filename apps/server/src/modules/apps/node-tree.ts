import type { FunctionNode } from '@canopy/contract';
import type { FunctionNodesTable } from '../../db/schema.js';

export function toNode(n: FunctionNodesTable): FunctionNode {
  return {
    code: n.code,
    type: n.type,
    tag: n.tag,
    displayName: n.display_name,
    appCode: n.app_code,
    hidden: n.hidden === 1,
    url: n.url,
    children: [],
  };
}

/**
 * The spec's tree from the stored rows (parent and sort key): each group holds its items in order.
 * Without `withHidden` (members who cannot edit the app) hidden items are left out, and with a hidden
 * group everything in it.
 */
export function nodeTree(rows: FunctionNodesTable[], withHidden: boolean): FunctionNode[] {
  const byParent = new Map<string, FunctionNodesTable[]>();
  for (const r of rows) {
    if (r.hidden === 1 && !withHidden) continue;
    byParent.set(r.parent_code, [...(byParent.get(r.parent_code) ?? []), r]);
  }
  const build = (parent: string): FunctionNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.sort_key - b.sort_key)
      .map((r) => ({ ...toNode(r), children: build(r.code) }));
  return build('');
}
