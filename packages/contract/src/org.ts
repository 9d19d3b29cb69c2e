import Type, { type Static } from 'typebox';

/** Spec §3 Department. */
export const Department = Type.Object({
  objectId: Type.String(),
  parentId: Type.String(),
  name: Type.String(),
  managerId: Type.String(),
  managerName: Type.String(),
  sortKey: Type.Integer(),
  hasChildren: Type.Boolean(),
  memberCount: Type.Integer(),
});
export type Department = Static<typeof Department>;

export const MemberRole = { owner: 'owner', admin: 'admin', member: 'member' } as const;
export type MemberRole = (typeof MemberRole)[keyof typeof MemberRole];

export const PrivacyItem = { mobile: 'mobile', email: 'email' } as const;

/** A member as the address book shows it; contact fields honour the member's privacy items. */
export const MemberRow = Type.Object({
  memberId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  avatarUrl: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  role: Type.String(),
  state: Type.String(),
  departments: Type.Array(Type.Object({ objectId: Type.String(), name: Type.String() })),
  mainDepartmentId: Type.String(),
  joinedAt: Type.Integer(),
});
export type MemberRow = Static<typeof MemberRow>;

/** An id that names a person outside the team (spec §3 User info: shown as an external person). */
export const isExternalUserId = (id: string): boolean => id.startsWith('#');

/**
 * Spec §3 User info: one person of the current team by user id. Contact fields honour the member's
 * privacy items. One stored avatar serves every size: the medium and big URLs name the same image.
 */
export const UserInfo = Type.Object({
  id: Type.String(),
  memberId: Type.String(),
  name: Type.String(),
  avatarUrl: Type.String(),
  profilePhotoUrl: Type.String(),
  mediumProfilePhotoUrl: Type.String(),
  bigProfilePhotoUrl: Type.String(),
  personalSignature: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  /** The main department's name and id. */
  department: Type.String(),
  departmentId: Type.String(),
  departments: Type.Array(Type.Object({ objectId: Type.String(), name: Type.String() })),
  /** An id starting with # (someone outside the team); every other field is then empty. */
  external: Type.Boolean(),
});
export type UserInfo = Static<typeof UserInfo>;

export const MemberPageBody = Type.Object(
  {
    departmentId: Type.Optional(Type.String({ maxLength: 64 })),
    /** Include members of sub-departments. */
    deep: Type.Optional(Type.Boolean()),
    keyword: Type.Optional(Type.String({ maxLength: 64 })),
    state: Type.Optional(Type.Union([Type.Literal('ACTIVE'), Type.Literal('INACTIVE')])),
    pageSize: Type.Integer({ minimum: 1, maximum: 100 }),
    pageIndex: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type MemberPageBody = Static<typeof MemberPageBody>;

export const MemberPage = Type.Object({ resultList: Type.Array(MemberRow), totalCount: Type.Integer() });

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const CreateDepartmentBody = Type.Object(
  {
    parentId: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.String({ maxLength: 64 }),
    managerId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export const UpdateDepartmentBody = Type.Object(
  {
    objectId: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.Optional(Type.String({ maxLength: 64 })),
    parentId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    managerId: Type.Optional(Type.String({ maxLength: 64 })),
    sortKey: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export const ResetSortKeyBody = Type.Object(
  { parentId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const ChangeOwnerBody = Type.Object(
  { memberId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export const MemberPrivacy = Type.Object({
  privacyItems: Type.Array(Type.Union([Type.Literal('mobile'), Type.Literal('email')]), { maxItems: 2 }),
});
export const MainDepartmentBody = Type.Object(
  {
    memberId: Type.Optional(Type.String({ maxLength: 64 })),
    departmentId: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export const MemberDepartmentsBody = Type.Object(
  {
    memberId: Type.String({ minLength: 1, maxLength: 64 }),
    departmentIds: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 20 }),
  },
  { additionalProperties: false },
);
export const MemberRoleBody = Type.Object(
  {
    memberId: Type.String({ minLength: 1, maxLength: 64 }),
    role: Type.Union([Type.Literal('admin'), Type.Literal('member')]),
  },
  { additionalProperties: false },
);
export const MemberStateBody = Type.Object(
  {
    memberId: Type.String({ minLength: 1, maxLength: 64 }),
    state: Type.Union([Type.Literal('ACTIVE'), Type.Literal('INACTIVE')]),
  },
  { additionalProperties: false },
);
export const FeatureListBody = Type.Object(
  { featureList: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 }) },
  { additionalProperties: false },
);

/** Members or departments by id (names for stored member/department values), at most 500 at once. */
export const IdsBody = Type.Object(
  { ids: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 }) },
  { additionalProperties: false },
);
