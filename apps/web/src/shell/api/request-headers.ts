import { APP_NAME, Headers, type Language } from '@canopy/contract';
import { deviceGuid } from '../storage/local-store';
import { readTeamSelection } from '../storage/team-selection';
import { rolePreview } from './role-preview';

/**
 * The spec §7 headers of a request, for a given interface language and app context. A module of its
 * own, free of i18next and the error catalogue, so the entry's early requests
 * (early-requests.ts) build theirs exactly as the client does.
 */
export function headersFor(
  language: Language,
  withTenant: boolean,
  hasBody: boolean,
  appCode: string | null,
  adminMode: boolean,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [Headers.appName]: APP_NAME,
    [Headers.appVersion]: __APP_VERSION__,
    [Headers.guid]: deviceGuid(),
    [Headers.language]: language,
  };
  if (hasBody) headers['content-type'] = 'application/json';
  if (withTenant) {
    const team = readTeamSelection();
    if (team.engineCode) headers[Headers.engineCode] = team.engineCode;
    if (team.memberId) headers[Headers.memberId] = team.memberId;
    if (team.engineShard) headers[Headers.engineShard] = team.engineShard;
  }
  if (appCode) headers[Headers.appCode] = appCode;
  if (adminMode) headers[Headers.corpAdmin] = 'true';
  // 以此角色预览: the server honours it only for the app's designers.
  const preview = rolePreview.of(appCode);
  if (preview) headers[Headers.previewRole] = `${preview.appCode}/${preview.roleKey}`;
  return headers;
}
