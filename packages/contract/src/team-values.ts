/**
 * The plain values and helpers of team.ts, which re-exports them: apart from its TypeBox schemas so a
 * browser page using only these does not load TypeBox (the bundler keeps a used module's imports).
 */
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
