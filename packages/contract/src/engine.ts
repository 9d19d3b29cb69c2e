import Type, { type Static } from 'typebox';

export * from './engine-values.js';

/** Deleting a team: the owner types its name to confirm. */
export const CloseTeamBody = Type.Object(
  { corpName: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export const ClosedTeam = Type.Object({ purgeAt: Type.Integer() });

/** A team in the user's list, spec §3 "Engine/team (user's list)". */
export const EngineItem = Type.Object({
  engineCode: Type.String(),
  corpId: Type.String(),
  corpName: Type.String(),
  memberId: Type.String(),
  engineShard: Type.String(),
  entryType: Type.String(),
  state: Type.String(),
  ownFlag: Type.Boolean(),
  adminFlag: Type.Boolean(),
  active: Type.Boolean(),
  /** A closed team (listed to its owner only): when its data is purged unless restored; else 0. */
  purgeAt: Type.Integer(),
});
export type EngineItem = Static<typeof EngineItem>;

/** Member info, spec §3. */
export const MemberInfo = Type.Object({
  corpOwner: Type.Boolean(),
  memberId: Type.String(),
  corpId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
});
export type MemberInfo = Static<typeof MemberInfo>;

export const CorpFeatures = Type.Object({ featureList: Type.Array(Type.String()) });
export type CorpFeatures = Static<typeof CorpFeatures>;
