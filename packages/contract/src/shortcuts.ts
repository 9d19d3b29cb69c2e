import Type, { type Static } from 'typebox';

import { DashboardNodeMode, DashboardNodeType, SHORTCUT_MAX } from './shortcuts-values.js';

export * from './shortcuts-values.js';

/**
 * Spec §3 dashboard node: properties hold colour and icon; the root's hold the layout (codes in order).
 * `properties` and `frontExtraData` are JSON text, as the spec shows them (issue 38); read them with
 * readShortcutProperties and readFrontExtraData.
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
  /** JSON text: `{"color":…,"icon":…}`; the root's `{"layout":[codes]}`. */
  properties: Type.String(),
  /** JSON text of the function node it points to: its type (Schema, Dashboard) and tag (Normal, SharedSchema, SyncSchema). */
  frontExtraData: Type.String(),
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
/**
 * A shortcut's look as sent: the object, or the spec's JSON text of it (issue 38: accept both,
 * answer with the spec's). The service reads the text with the same rules (shortcut-look.ts).
 */
function LookSchema() {
  return Type.Union([
    Type.Object({ color: Type.Optional(Color), icon: Type.Optional(Icon) }, { additionalProperties: false }),
    Type.String({ maxLength: 200 }),
  ]);
}

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
          properties: Type.Optional(/* @__PURE__ */ LookSchema()),
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
    properties: Type.Optional(/* @__PURE__ */ LookSchema()),
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
