import Type, { type Static } from 'typebox';
import { Limits } from './limits.js';

/** Emoji and other pictographs (spec §5 rejects them in team names). */
const EMOJI = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{FE0F}\u{200D}]/u;

export function containsEmoji(value: string): boolean {
  return EMOJI.test(value);
}

export type TeamNameProblem = 'team.name.empty' | 'team.name.tooShort' | 'team.name.tooLong' | 'team.name.emoji';

/** Team-name rules of spec §5, shared by the dialog and the server. Counts characters, not UTF-16 units. */
export function checkTeamName(raw: string): TeamNameProblem | null {
  const name = raw.trim();
  if (!name) return 'team.name.empty';
  if (containsEmoji(name)) return 'team.name.emoji';
  const length = [...name].length;
  if (length < Limits.teamNameMin) return 'team.name.tooShort';
  if (length > Limits.teamNameMax) return 'team.name.tooLong';
  return null;
}

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

/** Time zones offered first in the team settings (any IANA name the server knows is accepted). */
export const COMMON_TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Moscow',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'UTC',
] as const;

export const RenameTeamBody = Type.Object(
  { corpName: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
