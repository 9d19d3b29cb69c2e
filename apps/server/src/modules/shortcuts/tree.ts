import {
  DashboardNodeType,
  FunctionNodeType,
  SchemaTag,
  type ShortcutBox,
  type ShortcutTreeApp,
  type ShortcutTreeLeaf,
} from '@canopy/contract';
import type { FunctionNodesTable, ShortcutsTable } from '../../db/schema.js';

/** Menu items a shortcut may point at: data tables and dashboards. */
export function isShortcutTarget(node: Pick<FunctionNodesTable, 'type'>): boolean {
  return node.type === FunctionNodeType.schema || node.type === FunctionNodeType.dashboard;
}

/** Spec §5: dashboards and sync tables have no quick-add box. */
export function allowsQuickAdd(node: Pick<FunctionNodesTable, 'type' | 'tag'>): boolean {
  return node.type === FunctionNodeType.schema && node.tag !== SchemaTag.sync;
}

/**
 * The creation dialog's tree: apps (an app shortcut's box) → groups → tables and dashboards, each box
 * free or already among `shortcuts` (the ones the asker would add to).
 */
export function shortcutTree(
  apps: { code: string; display_name: string; color: number; icon: string }[],
  nodes: FunctionNodesTable[],
  shortcuts: ShortcutsTable[],
): ShortcutTreeApp[] {
  const added = new Set(shortcuts.map((s) => `${s.type}:${s.app_code}:${s.schema_code}`));
  const box = (node: FunctionNodesTable, type: number, possible: boolean): ShortcutBox => {
    if (!possible) return 'none';
    return added.has(`${type}:${node.app_code}:${node.code}`) ? 'added' : 'open';
  };
  const leaf = (node: FunctionNodesTable): ShortcutTreeLeaf => ({
    code: node.code,
    type: node.type,
    tag: node.tag,
    displayName: node.display_name,
    add: box(node, DashboardNodeType.linkQuery, allowsQuickAdd(node)),
    view: box(node, DashboardNodeType.linkInsert, isShortcutTarget(node)),
  });
  // UserModule (type 7), custom links and hidden items are left out.
  const shown = nodes.filter((n) => n.hidden !== 1 && (isShortcutTarget(n) || n.type === FunctionNodeType.group));
  const byParent = new Map<string, FunctionNodesTable[]>();
  for (const n of shown) {
    const key = `${n.app_code}:${n.parent_code}`;
    byParent.set(key, [...(byParent.get(key) ?? []), n]);
  }
  const ordered = (key: string) => (byParent.get(key) ?? []).sort((a, b) => a.sort_key - b.sort_key);
  return apps.map((app) => ({
    appCode: app.code,
    box: added.has(`${DashboardNodeType.app}:${app.code}:`) ? 'added' : 'open',
    displayName: app.display_name,
    color: app.color,
    icon: app.icon,
    children: ordered(`${app.code}:`).map((n) => ({
      ...leaf(n),
      children:
        n.type === FunctionNodeType.group ? ordered(`${app.code}:${n.code}`).filter(isShortcutTarget).map(leaf) : [],
    })),
  }));
}
