import Type, { type Static } from 'typebox';
import { Limits } from './limits.js';

export const FunctionNodeType = {
  dashboard: 'Dashboard',
  group: 'Group',
  schema: 'Schema',
  userModule: 'UserModule',
} as const;
export const SchemaTag = { normal: 'Normal', shared: 'SharedSchema', sync: 'SyncSchema' } as const;
export const AppRole = { owner: 'owner', manager: 'manager', member: 'member' } as const;
export type AppRole = (typeof AppRole)[keyof typeof AppRole];

/** Theme colours an app can take (spec §3 "color (theme index)"). */
export const APP_COLORS = [
  '#0e9f6e',
  '#1677ff',
  '#722ed1',
  '#eb2f96',
  '#fa541c',
  '#faad14',
  '#13c2c2',
  '#2f54eb',
  '#52c41a',
  '#8c8c8c',
];
export const APP_ICONS = [
  'appstore',
  'database',
  'team',
  'shop',
  'schedule',
  'file-text',
  'project',
  'rocket',
  'car',
  'dollar',
];
export const APP_NAME_MAX = 30;

/** Spec §3 Function node. */
export interface FunctionNode {
  code: string;
  type: string;
  tag: string;
  displayName: string;
  appCode: string;
  children: FunctionNode[];
}
/** Nodes travel flat (parent and position); `buildNodeTree` makes the spec's tree on the client. */
export const FunctionNodeRow = Type.Object({
  code: Type.String(),
  type: Type.String(),
  tag: Type.String(),
  displayName: Type.String(),
  appCode: Type.String(),
  parentCode: Type.String(),
  sortKey: Type.Integer(),
});
export type FunctionNodeRow = Static<typeof FunctionNodeRow>;

export function buildNodeTree(rows: FunctionNodeRow[]): FunctionNode[] {
  const byParent = new Map<string, FunctionNodeRow[]>();
  for (const r of rows) byParent.set(r.parentCode, [...(byParent.get(r.parentCode) ?? []), r]);
  const build = (parent: string): FunctionNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.sortKey - b.sortKey)
      .map((r) => ({
        code: r.code,
        type: r.type,
        tag: r.tag,
        displayName: r.displayName,
        appCode: r.appCode,
        children: build(r.code),
      }));
  return build('');
}

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

/** Visible characters of rich text: what the 2000 limit counts. */
export function richTextLength(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x');
  return [...text].length;
}
