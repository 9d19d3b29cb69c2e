import Type, { type Static } from 'typebox';

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

/**
 * Spec §3 dashboard node: properties hold colour and icon; the root's hold the layout (codes in order).
 * The fields stand apart so Shortcut reuses them by spreading a plain object: spreading
 * `DashboardNode.properties` would keep the schemas in the browser build (a property read the bundler
 * cannot drop; apps/web/build/pure-schemas.ts).
 */
const dashboardNodeFields = {
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
};
export const DashboardNode = Type.Object(dashboardNodeFields);
export type DashboardNode = Static<typeof DashboardNode>;

/**
 * A shortcut as one member sees it: the node, and what the member may do with its target now.
 * `app` false: the app is gone (spec §6 "应用不存在"); `add`/`view`: the table's rights.
 */
export const Shortcut = Type.Object({
  ...dashboardNodeFields,
  reach: Type.Object({ app: Type.Boolean(), add: Type.Boolean(), view: Type.Boolean() }),
  /** This member may rename, recolour, re-icon or delete it now (the team owner a public one, the creator a private one; nobody a locked one). */
  canManage: Type.Boolean(),
});
export type Shortcut = Static<typeof Shortcut>;

/**
 * The workbench shortcuts this member sees: locked ones first, then the team's in the root's layout
 * order, then the member's private ones; `canManage`: the team owner (spec §6), who manages the
 * team's shortcuts and their order.
 */
export const ShortcutList = Type.Object({
  root: DashboardNode,
  nodes: Type.Array(Shortcut),
  canManage: Type.Boolean(),
});
export type ShortcutList = Static<typeof ShortcutList>;

const Color = Type.Integer({ minimum: 0, maximum: 63 });
function ShortcutModeSchema() {
  return Type.Union([
    Type.Literal(DashboardNodeMode.public),
    Type.Literal(DashboardNodeMode.private),
    Type.Literal(DashboardNodeMode.lock),
  ]);
}
const Icon = Type.String({ minLength: 1, maxLength: 40 });

export const CreateShortcutsBody = Type.Object(
  {
    nodes: Type.Array(
      Type.Object(
        {
          appCode: Type.String({ minLength: 1, maxLength: 64 }),
          /** The table or dashboard; none for an app shortcut. */
          schemaCode: Type.Optional(Type.String({ maxLength: 64 })),
          type: Type.Union([
            Type.Literal(DashboardNodeType.app),
            Type.Literal(DashboardNodeType.linkQuery),
            Type.Literal(DashboardNodeType.linkInsert),
          ]),
          displayName: Type.Optional(Type.String({ maxLength: 200 })),
          properties: Type.Optional(
            Type.Object({ color: Type.Optional(Color), icon: Type.Optional(Icon) }, { additionalProperties: false }),
          ),
        },
        { additionalProperties: false },
      ),
      { maxItems: SHORTCUT_MAX },
    ),
    /** Public or locked (the team owner), or private (any member, for themself). Default: public for the team owner, private for others. */
    mode: Type.Optional(/* @__PURE__ */ ShortcutModeSchema()),
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
    /** The team owner locks a team shortcut (3) or unlocks it (1); a private one stays private. */
    mode: Type.Optional(Type.Union([Type.Literal(DashboardNodeMode.public), Type.Literal(DashboardNodeMode.lock)])),
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
/**
 * The creation dialog's tree (spec §5): apps (each with its own box) → groups → tables and
 * dashboards; UserModule left out. Boxes are "added" for the shortcuts the asker would add to: the
 * team's (team owner) or their own private ones.
 */
export const ShortcutTreeApp = Type.Object({
  appCode: Type.String(),
  /** The app shortcut's box (open the app). */
  box: ShortcutBox,
  displayName: Type.String(),
  color: Type.Integer(),
  icon: Type.String(),
  children: Type.Array(ShortcutTreeNode),
});
export type ShortcutTreeApp = Static<typeof ShortcutTreeApp>;
