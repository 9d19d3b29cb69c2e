import { STORAGE_PREFIX } from '../../../shell/storage/local-store';

/**
 * Admin mode is remembered per member and app (spec §4) and forgotten on returning to the
 * workbench. One namespaced key per member holds the apps it is on for. (The shell's key list
 * is fixed names; this key carries the member id, so it is built here with the same prefix.)
 */
const keyOf = (memberId: string) => `${STORAGE_PREFIX}adminMode:${memberId}`;

function read(memberId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(keyOf(memberId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export const adminModeStore = {
  isOn(memberId: string, appCode: string): boolean {
    return read(memberId).includes(appCode);
  },
  set(memberId: string, appCode: string, on: boolean): void {
    const rest = read(memberId).filter((c) => c !== appCode);
    try {
      window.localStorage.setItem(keyOf(memberId), JSON.stringify(on ? [...rest, appCode] : rest));
    } catch {
      // Storage unavailable: admin mode still works for this visit, it is just not remembered.
    }
  },
  clear(memberId: string): void {
    try {
      window.localStorage.removeItem(keyOf(memberId));
    } catch {
      // Nothing stored when storage is unavailable.
    }
  },
};
