import Type, { type Static } from 'typebox';

/** Spec §3 dashboard node types: app 1, linkQuery 2 (quick add), linkInsert 3 (quick view), root 10. */
export const DashboardNodeType = { app: 1, linkQuery: 2, linkInsert: 3, root: 10 } as const;
/** Spec §3 dashboard node modes. */
export const DashboardNodeMode = { not: 0, public: 1, private: 2, lock: 3 } as const;
/** The two kinds of shortcut the workbench creates. */
export type ShortcutType = typeof DashboardNodeType.linkQuery | typeof DashboardNodeType.linkInsert;

/** Spec §3: quick-add names start "新增-", quick-view names "查看-". */
export const SHORTCUT_NAME_PREFIX: Record<ShortcutType, string> = { 2: '新增-', 3: '查看-' };
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

/** Spec §3 dashboard node: properties hold colour and icon; the root's hold the layout (codes in order). */
export const DashboardNode = Type.Object({
  code: Type.String(),
  parentCode: Type.String(),
  reference: Type.Object({ appCode: Type.String(), schemaCode: Type.String() }),
  displayName: Type.String(),
  type: Type.Integer(),
  mode: Type.Integer(),
  properties: Type.Object({
    color: Type.Optional(Type.Integer()),
    icon: Type.Optional(Type.String()),
    layout: Type.Optional(Type.Array(Type.String())),
  }),
  /** The function node it points to: its type (Schema, Dashboard) and tag (Normal, SharedSchema, SyncSchema). */
  frontExtraData: Type.Object({ type: Type.String(), tag: Type.String() }),
});
export type DashboardNode = Static<typeof DashboardNode>;

/**
 * A shortcut as one member sees it: the node, and what the member may do with its target now.
 * `app` false: the app is gone (spec §6 "应用不存在"); `add`/`view`: the table's rights.
 */
export const Shortcut = Type.Object({
  ...DashboardNode.properties,
  reach: Type.Object({ app: Type.Boolean(), add: Type.Boolean(), view: Type.Boolean() }),
});
export type Shortcut = Static<typeof Shortcut>;

/** The team's workbench shortcuts in the root's layout order; `canManage`: the team owner (spec §6). */
export const ShortcutList = Type.Object({
  root: DashboardNode,
  nodes: Type.Array(Shortcut),
  canManage: Type.Boolean(),
});
export type ShortcutList = Static<typeof ShortcutList>;

const Color = Type.Integer({ minimum: 0, maximum: 63 });
const Icon = Type.String({ minLength: 1, maxLength: 40 });

export const CreateShortcutsBody = Type.Object(
  {
    nodes: Type.Array(
      Type.Object(
        {
          appCode: Type.String({ minLength: 1, maxLength: 64 }),
          schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
          type: Type.Union([Type.Literal(DashboardNodeType.linkQuery), Type.Literal(DashboardNodeType.linkInsert)]),
          displayName: Type.Optional(Type.String({ maxLength: 200 })),
          properties: Type.Optional(
            Type.Object({ color: Type.Optional(Color), icon: Type.Optional(Icon) }, { additionalProperties: false }),
          ),
        },
        { additionalProperties: false },
      ),
      { maxItems: SHORTCUT_MAX },
    ),
  },
  { additionalProperties: false },
);
export type CreateShortcutsBody = Static<typeof CreateShortcutsBody>;

export const UpdateShortcutBody = Type.Object(
  {
    displayName: Type.Optional(Type.String({ maxLength: 200 })),
    properties: Type.Optional(
      Type.Object({ color: Type.Optional(Color), icon: Type.Optional(Icon) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export type UpdateShortcutBody = Static<typeof UpdateShortcutBody>;

/** Spec §4: the new order is saved as the root's layout (every shortcut's code, in order). */
export const SaveShortcutLayoutBody = Type.Object(
  { layout: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: SHORTCUT_MAX }) },
  { additionalProperties: false },
);

export const ShortcutParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

/** A box of the creation dialog (spec §5): none, free to tick, or already on the workbench ("已添加至工作台"). */
export const ShortcutBox = Type.Union([Type.Literal('none'), Type.Literal('open'), Type.Literal('added')]);
export type ShortcutBox = Static<typeof ShortcutBox>;

const treeLeaf = {
  code: Type.String(),
  type: Type.String(),
  tag: Type.String(),
  displayName: Type.String(),
  /** Quick add: none for groups, dashboards and sync tables. */
  add: ShortcutBox,
  /** Quick view: none for groups. */
  view: ShortcutBox,
};
export const ShortcutTreeLeaf = Type.Object(treeLeaf);
export type ShortcutTreeLeaf = Static<typeof ShortcutTreeLeaf>;
export const ShortcutTreeNode = Type.Object({ ...treeLeaf, children: Type.Array(ShortcutTreeLeaf) });
export type ShortcutTreeNode = Static<typeof ShortcutTreeNode>;
/** The creation dialog's tree (spec §5): apps → groups → tables and dashboards; UserModule left out. */
export const ShortcutTreeApp = Type.Object({
  appCode: Type.String(),
  displayName: Type.String(),
  color: Type.Integer(),
  icon: Type.String(),
  children: Type.Array(ShortcutTreeNode),
});
export type ShortcutTreeApp = Static<typeof ShortcutTreeApp>;
