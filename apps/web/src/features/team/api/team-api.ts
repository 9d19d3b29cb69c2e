import { EngineEndpoints } from '@canopy/contract';
import { call } from '../../../shell/api/client';
import type { ErrorMode } from '../../../shell/api/error-catalogue';

/** Creates a team (the server also makes it the active team). Errors are shown by the form. */
export function createTeam(corpName: string) {
  return call(EngineEndpoints.createTeam, { body: { corpName }, errors: 'inline' });
}

/** Renames a team (spec §5); the field message (exact spec text) is shown by the editor. */
export function renameTeam(corpId: string, corpName: string) {
  return call(EngineEndpoints.rename, { params: { corpId }, body: { corpName }, errors: 'inline' });
}

/** Leaves a team; the dialog shows the server's refusal (an owner must transfer first). */
export function leaveTeam(engineCode: string) {
  return call(EngineEndpoints.leave, { params: { engineCode }, errors: 'inline' });
}

/**
 * The user's team list without team headers: used right after the current team was left (the
 * stored team is no longer the user's) and while waiting for a newly joined team to appear.
 */
export function fetchLatestEngines(errors: ErrorMode = 'global') {
  return call(EngineEndpoints.latest, { tenant: false, errors });
}

/** Makes a team the active one; without team headers, for the same reason as above. */
export function activateTeam(engineCode: string) {
  return call(EngineEndpoints.activate, { body: { engineCode }, tenant: false });
}

export function fetchCorpInfo(corpId: string) {
  return call(EngineEndpoints.corpInfo, { params: { corpId } });
}

/** Deletes (closes) a team; the dialog shows the refusal (wrong name). */
export function closeTeam(engineCode: string, corpName: string) {
  return call(EngineEndpoints.close, { params: { engineCode }, body: { corpName }, errors: 'inline' });
}

/** Reopens a closed team; without team headers, since the stored team may be the closed one. */
export function restoreTeam(engineCode: string) {
  return call(EngineEndpoints.restore, { params: { engineCode }, tenant: false, errors: 'inline' });
}
