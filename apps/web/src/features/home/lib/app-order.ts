import type { AppItem } from '@canopy/contract';

/**
 * The workbench's app order (spec §4): starred apps first, then the rest, each group in the
 * member's own order. Every change returns a new list; the caller saves all codes (starred
 * first) and the starred ones.
 */
export function starredFirst(apps: AppItem[]): AppItem[] {
  return [...apps.filter((a) => a.isStoreUp), ...apps.filter((a) => !a.isStoreUp)];
}

/**
 * Moves an app into a group (starred or not) before another app of that group, or to the end of
 * the group when `beforeCode` is null. Dropping an app on itself changes nothing.
 */
export function moveApp(apps: AppItem[], code: string, starred: boolean, beforeCode: string | null): AppItem[] {
  const moving = apps.find((a) => a.code === code);
  if (!moving || beforeCode === code) return apps;
  const rest = apps.filter((a) => a.code !== code);
  const group = rest.filter((a) => a.isStoreUp === starred);
  const others = rest.filter((a) => a.isStoreUp !== starred);
  const at = beforeCode === null ? -1 : group.findIndex((a) => a.code === beforeCode);
  const placed = { ...moving, isStoreUp: starred };
  const ordered = at < 0 ? [...group, placed] : [...group.slice(0, at), placed, ...group.slice(at)];
  return starred ? [...ordered, ...others] : [...others, ...ordered];
}

/** Starring adds the app at the end of the starred group; unstarring puts it first among the others. */
export function toggleStar(apps: AppItem[], code: string): AppItem[] {
  const app = apps.find((a) => a.code === code);
  if (!app) return apps;
  if (app.isStoreUp) {
    const firstOther = apps.find((a) => !a.isStoreUp);
    return moveApp(apps, code, false, firstOther?.code ?? null);
  }
  return moveApp(apps, code, true, null);
}

/** One place earlier (-1) or later (+1) within the app's own group; unchanged at the edges. */
export function shiftApp(apps: AppItem[], code: string, by: -1 | 1): AppItem[] {
  const app = apps.find((a) => a.code === code);
  if (!app) return apps;
  const group = apps.filter((a) => a.isStoreUp === app.isStoreUp);
  const from = group.findIndex((a) => a.code === code);
  const to = from + by;
  if (to < 0 || to >= group.length) return apps;
  // Moving later means placing before the app two places on (or at the end).
  const before = by === -1 ? group[to] : group[to + 1];
  return moveApp(apps, code, app.isStoreUp, before?.code ?? null);
}

export function preferenceOf(apps: AppItem[]): { appSorts: string[]; collectedApps: string[] } {
  const ordered = starredFirst(apps);
  return { appSorts: ordered.map((a) => a.code), collectedApps: ordered.filter((a) => a.isStoreUp).map((a) => a.code) };
}
