/**
 * The plain values and helpers of shortcuts.ts, which re-exports them: apart from its TypeBox schemas so a
 * browser page using only these does not load TypeBox (the bundler keeps a used module's imports).
 */

/** Spec §3 dashboard node types: app 1, linkQuery 2 (quick add), linkInsert 3 (quick view), root 10. */
export const DashboardNodeType = { app: 1, linkQuery: 2, linkInsert: 3, root: 10 } as const;
/**
 * Spec §3 dashboard node modes, as the workbench uses them:
 * - public (1): every member of the team sees it; the team owner manages it (spec §6).
 * - private (2): only the member who added it sees it, and only they change, delete it; any member
 *   may add private shortcuts for themself.
 * - lock (3): every member sees it, first on the workbench; nobody renames, recolours, deletes or
 *   moves it until the team owner unlocks it (back to public).
 * - not (0): no mode; a shortcut is never created with it (the root is public).
 */
export const DashboardNodeMode = { not: 0, public: 1, private: 2, lock: 3 } as const;
/** The modes a shortcut may be created with. */
export type ShortcutMode =
  | typeof DashboardNodeMode.public
  | typeof DashboardNodeMode.private
  | typeof DashboardNodeMode.lock;
/** The kinds of shortcut the workbench creates: open an app, quick add, quick view. */
export type ShortcutType =
  | typeof DashboardNodeType.app
  | typeof DashboardNodeType.linkQuery
  | typeof DashboardNodeType.linkInsert;

/** Spec §3: quick-add names start "新增-", quick-view names "查看-"; an app shortcut is the app's name. */
export const SHORTCUT_NAME_PREFIX: Record<ShortcutType, string> = { 1: '', 2: '新增-', 3: '查看-' };
/** Spec §5/§9: a shortcut name has 2 to 32 characters. */
export const SHORTCUT_NAME_MIN = 2;
export const SHORTCUT_NAME_MAX = 32;
/** At most this many shortcuts on one team's workbench. */
export const SHORTCUT_MAX = 200;

/** The name a new shortcut gets: the prefix of its kind, then the table's name, cut to the limit. */
export function defaultShortcutName(type: ShortcutType, tableName: string): string {
  return [...`${SHORTCUT_NAME_PREFIX[type]}${tableName}`].slice(0, SHORTCUT_NAME_MAX).join('');
}

/** Spec §5: 2 to 32 characters once trimmed. */
export function isShortcutName(raw: string): boolean {
  const length = [...raw.trim()].length;
  return length >= SHORTCUT_NAME_MIN && length <= SHORTCUT_NAME_MAX;
}

/** A dashboard node's properties, read from the JSON text it carries (spec §3). */
export interface ShortcutProperties {
  color?: number;
  icon?: string;
  /** The root's: every shortcut's code, in order. */
  layout?: string[];
}

function jsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Reads a node's `properties` text; anything unreadable or mistyped is left out. */
export function readShortcutProperties(text: string): ShortcutProperties {
  const raw = jsonObject(text);
  const properties: ShortcutProperties = {};
  if (typeof raw.color === 'number' && Number.isInteger(raw.color)) properties.color = raw.color;
  if (typeof raw.icon === 'string') properties.icon = raw.icon;
  if (Array.isArray(raw.layout)) properties.layout = raw.layout.filter((c): c is string => typeof c === 'string');
  return properties;
}

/** Reads a node's `frontExtraData` text: the target's function-node type and tag ('' when absent). */
export function readFrontExtraData(text: string): { type: string; tag: string } {
  const raw = jsonObject(text);
  return { type: typeof raw.type === 'string' ? raw.type : '', tag: typeof raw.tag === 'string' ? raw.tag : '' };
}
