import Type, { type Static } from 'typebox';
import { APP_COLORS, MENU_LINK_URL_MAX } from './apps-values.js';
import { Limits } from './limits.js';

export * from './apps-values.js';

/**
 * Spec §3 Function node: one item of an app's menu, with its children (a group holds the items in
 * it, in menu order). The menu travels as this tree.
 */
export const FunctionNode = Type.Cyclic(
  {
    FunctionNode: Type.Object({
      code: Type.String(),
      type: Type.String(),
      tag: Type.String(),
      displayName: Type.String(),
      appCode: Type.String(),
      /** Hidden by the custom menu: members without edit rights never receive it; editors see it marked. */
      hidden: Type.Boolean(),
      /** Where a Link opens; '' for every other type. */
      url: Type.String(),
      children: Type.Array(Type.Ref('FunctionNode')),
    }),
  },
  'FunctionNode',
);
export type FunctionNode = Static<typeof FunctionNode>;

const menuEntryFields = {
  /** An existing item; without it the entry is a new link. */
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  displayName: Type.String({ maxLength: 200 }),
  hidden: Type.Boolean(),
  /** Links only. */
  url: Type.Optional(Type.String({ maxLength: MENU_LINK_URL_MAX })),
};
export const MenuEntry = Type.Object(
  {
    ...menuEntryFields,
    children: Type.Optional(
      Type.Array(Type.Object(menuEntryFields, { additionalProperties: false }), { maxItems: 500 }),
    ),
  },
  { additionalProperties: false },
);
export type MenuEntry = Static<typeof MenuEntry>;
/**
 * The whole custom menu in its new order (spec §6): every item of the app with its name and whether
 * members see it, groups with their children, links with their address. Links left out are removed.
 */
export const SaveMenuBody = Type.Object(
  { items: Type.Array(MenuEntry, { maxItems: 500 }) },
  { additionalProperties: false },
);

/** Spec §3 App. */
export const AppItem = Type.Object({
  code: Type.String(),
  displayName: Type.String(),
  color: Type.Integer(),
  icon: Type.String(),
  displayMode: Type.String(),
  description: Type.String(),
  isStoreUp: Type.Boolean(),
  roleName: Type.String(),
  ownerName: Type.String(),
  ownerUserId: Type.String(),
  schemas: Type.Array(Type.Object({ code: Type.String(), displayName: Type.String(), tag: Type.String() })),
  deletedAt: Type.Integer(),
});
export type AppItem = Static<typeof AppItem>;

/** Spec §3 App permission. */
export const AppPermission = Type.Object({
  isAppOwner: Type.Boolean(),
  roleName: Type.String(),
  app: Type.Object({ edit: Type.Boolean() }),
  adminMode: Type.Boolean(),
});
export type AppPermission = Static<typeof AppPermission>;

export const AppCodeParams = Type.Object({ appCode: Type.String({ minLength: 1, maxLength: 64 }) });
export const NodeParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  code: Type.String({ minLength: 1, maxLength: 64 }),
});

export const CreateAppBody = Type.Object(
  {
    displayName: Type.String({ maxLength: 200 }),
    color: Type.Optional(Type.Integer({ minimum: 0, maximum: APP_COLORS.length - 1 })),
    icon: Type.Optional(Type.String({ maxLength: 32 })),
    /** Grant the new app's role 成员 to everyone in the team at once (issue 27). */
    grantEveryone: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const UpdateAppBody = Type.Object(
  {
    displayName: Type.Optional(Type.String({ maxLength: 200 })),
    color: Type.Optional(Type.Integer({ minimum: 0, maximum: APP_COLORS.length - 1 })),
    icon: Type.Optional(Type.String({ maxLength: 32 })),
    displayMode: Type.Optional(Type.Union([Type.Literal('list'), Type.Literal('card')])),
  },
  { additionalProperties: false },
);
/** Rich text; the limit counts visible characters, the raw HTML may be longer. */
export const AppDescriptionBody = Type.Object(
  { description: Type.String({ maxLength: Limits.appIntroMax * 20 }) },
  { additionalProperties: false },
);

export const AppPreferenceBody = Type.Object(
  {
    appSorts: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 2000 }),
    collectedApps: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 2000 }),
  },
  { additionalProperties: false },
);
export const AppPreference = Type.Object({
  appSorts: Type.Array(Type.String()),
  collectedApps: Type.Array(Type.String()),
});

export const UpdateAppOwnerBody = Type.Object(
  {
    appCode: Type.String({ minLength: 1, maxLength: 64 }),
    originalOwnerId: Type.String({ maxLength: 64 }),
    newOwnerId: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export const AppRoleBody = Type.Object(
  {
    appCode: Type.String({ minLength: 1, maxLength: 64 }),
    userIds: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 200 }),
    role: Type.Union([Type.Literal('manager'), Type.Literal('member')]),
  },
  { additionalProperties: false },
);
export const RemoveAppRoleBody = Type.Object(
  {
    appCode: Type.String({ minLength: 1, maxLength: 64 }),
    userIds: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);
export const AppRoleMember = Type.Object({
  userId: Type.String(),
  memberId: Type.String(),
  userName: Type.String(),
  avatarUrl: Type.String(),
  role: Type.String(),
});

export const AccessCheck = Type.Object({ okFlag: Type.Boolean(), nextPageUrl: Type.String() });

export const CreateNodeBody = Type.Object(
  {
    parentCode: Type.Optional(Type.String({ maxLength: 64 })),
    type: Type.Union([
      Type.Literal('Dashboard'),
      Type.Literal('Group'),
      Type.Literal('Schema'),
      Type.Literal('UserModule'),
    ]),
    tag: Type.Optional(Type.Union([Type.Literal('Normal'), Type.Literal('SharedSchema'), Type.Literal('SyncSchema')])),
    displayName: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export const UpdateNodeBody = Type.Object(
  {
    displayName: Type.Optional(Type.String({ maxLength: 200 })),
    /** Move under this group ('' for the top level) at this position. */
    parentCode: Type.Optional(Type.String({ maxLength: 64 })),
    index: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
