import { type EngineItem, EngineState } from '@canopy/contract';
import { readTeamSelection, storeTeamSelection } from '../storage/team-selection';

/**
 * Which team the app works in (spec §2/§4 start-up): an engineCode in the URL (carried links) wins,
 * then the remembered team, then the server's active team, then the first. A remembered team that
 * is no longer in the list is replaced, so requests never name a team the user left. A closed team
 * (its owner still lists it, to restore it) is never picked.
 */
export function pickEngine(all: EngineItem[], urlEngineCode: string | null, storedEngineCode?: string) {
  const list = all.filter((e) => e.state !== EngineState.closed);
  return (
    list.find((e) => urlEngineCode && e.engineCode === urlEngineCode) ??
    list.find((e) => storedEngineCode && e.engineCode === storedEngineCode) ??
    list.find((e) => e.active) ??
    list[0] ??
    null
  );
}

/** Picks the team and brings storage (and thus the request headers) in line with it. */
export function reconcileTeamSelection(list: EngineItem[]): EngineItem | null {
  const stored = readTeamSelection();
  const urlEngineCode = new URLSearchParams(window.location.search).get('engineCode');
  const picked = pickEngine(list, urlEngineCode, stored.engineCode);
  if (
    picked &&
    (picked.engineCode !== stored.engineCode ||
      picked.memberId !== stored.memberId ||
      picked.engineShard !== stored.engineShard ||
      picked.corpId !== stored.corpId)
  ) {
    storeTeamSelection(picked);
  }
  return picked;
}
