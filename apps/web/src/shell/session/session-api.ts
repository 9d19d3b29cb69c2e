import { AccountEndpoints, EngineEndpoints, SystemEndpoints } from '@canopy/contract';
import { call } from '../api/client';
import { localStore, StorageKey } from '../storage/local-store';
import { reconcileTeamSelection } from './pick-engine';

export function fetchBasicUser() {
  return call(AccountEndpoints.basic, { tenant: false });
}

/** The team list, with the stored selection reconciled before anything team-scoped is asked. */
export async function fetchEngines() {
  const list = await call(EngineEndpoints.latest, { tenant: false });
  reconcileTeamSelection(list);
  return list;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** Spec §3: the feature list is stored locally and checked by code. */
export async function fetchFeatures(): Promise<string[]> {
  const { featureList } = await call(EngineEndpoints.features);
  localStore.setJson(StorageKey.featureList, featureList);
  return featureList;
}

export function storedFeatures(): string[] {
  return localStore.getJson(StorageKey.featureList, isStringArray) ?? [];
}

export function fetchSystemInfo() {
  return call(SystemEndpoints.info, { tenant: false });
}
