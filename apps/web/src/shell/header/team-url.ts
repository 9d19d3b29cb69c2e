import type { SystemInfo } from '@canopy/contract';

/**
 * Where a team lives after a switch (spec §4): its own sub-domain `<engineCode>.<ROOT_DOMAIN>` when
 * the deployment has a root domain and is not private; otherwise this origin. The engine code rides
 * along so the new page selects the team even before storage is shared.
 */
export function teamHomeUrl(
  engineCode: string,
  info: Pick<SystemInfo, 'rootDomain' | 'privateDeployment'> | undefined,
  location: Location,
): string {
  const path = `/home?engineCode=${encodeURIComponent(engineCode)}`;
  const root = info?.rootDomain?.replace(/^\.+|\.+$/g, '');
  if (!root || info?.privateDeployment) return path;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${engineCode}.${root}${port}${path}`;
}
