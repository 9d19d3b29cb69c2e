import { localStore, StorageKey } from './local-store';

/** The team (engine) the requests are about: sent as headers, chosen at start-up or by switching. */
export interface TeamSelection {
  engineCode: string;
  memberId: string;
  engineShard: string;
  corpId: string;
}

export function readTeamSelection(): Partial<TeamSelection> {
  return {
    engineCode: localStore.get(StorageKey.engineCode) ?? undefined,
    memberId: localStore.get(StorageKey.memberId) ?? undefined,
    engineShard: localStore.get(StorageKey.engineShard) ?? undefined,
    corpId: localStore.get(StorageKey.corpId) ?? undefined,
  };
}

export function storeTeamSelection(team: TeamSelection): void {
  localStore.set(StorageKey.engineCode, team.engineCode);
  localStore.set(StorageKey.memberId, team.memberId);
  localStore.set(StorageKey.engineShard, team.engineShard);
  localStore.set(StorageKey.corpId, team.corpId);
}

export function clearTeamSelection(): void {
  localStore.remove(StorageKey.engineCode);
  localStore.remove(StorageKey.memberId);
  localStore.remove(StorageKey.engineShard);
  localStore.remove(StorageKey.corpId);
  localStore.remove(StorageKey.featureList);
}
