import Type, { type Static } from 'typebox';

export * from './team-values.js';

export const CreateTeamBody = Type.Object(
  { corpName: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export type CreateTeamBody = Static<typeof CreateTeamBody>;

export const CreatedTeam = Type.Object({
  engineCode: Type.String(),
  corpId: Type.String(),
  memberId: Type.String(),
  engineShard: Type.String(),
});
export type CreatedTeam = Static<typeof CreatedTeam>;

export const ActivateEngineBody = Type.Object(
  { engineCode: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);

/** The team's organisation record (`GET /v1/corpintegrate/corpinfo/{corpId}`). */
export const CorpInfo = Type.Object({
  corpId: Type.String(),
  corpName: Type.String(),
  engineCode: Type.String(),
  state: Type.String(),
  entryType: Type.String(),
  ownerName: Type.String(),
  memberCount: Type.Integer(),
  createdAt: Type.Integer(),
  /** The team's IANA time zone: its local days are what date filters and dashboard buckets mean. */
  timeZone: Type.String(),
});
export type CorpInfo = Static<typeof CorpInfo>;

export const CorpIdParams = Type.Object({ corpId: Type.String({ minLength: 1, maxLength: 64 }) });
export const EngineCodeParams = Type.Object({ engineCode: Type.String({ minLength: 1, maxLength: 64 }) });
/** The team's time zone (owner or admin): an IANA name such as Asia/Shanghai. */
export const TeamTimeZoneBody = Type.Object(
  { timeZone: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type TeamTimeZoneBody = Static<typeof TeamTimeZoneBody>;

export const RenameTeamBody = Type.Object(
  { corpName: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
