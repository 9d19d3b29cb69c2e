import { type EngineItem, EngineState } from '@canopy/contract';

/** A team's name as the header shows it: a team still being set up says so after its name. */
export function teamLabel(team: EngineItem, suffix: string): string {
  return team.state === EngineState.initializing ? `${team.corpName} ${suffix}` : team.corpName;
}
