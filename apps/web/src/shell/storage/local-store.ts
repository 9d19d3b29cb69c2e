/**
 * The one door to localStorage. Every key is namespaced (spec §7 "a namespace prefix is set on all
 * keys") so Canopy never collides with other apps on the same origin (private deployments often
 * share a domain). Storage can be unavailable (private mode, quota); reads then return null and
 * writes are dropped instead of breaking the page.
 */
export const STORAGE_PREFIX = 'canopy:';

/** Every key the web app stores. HomeHelp keeps the spec's name. */
export const StorageKey = {
  engineCode: 'engineCode',
  memberId: 'memberId',
  engineShard: 'engineShard',
  corpId: 'corpId',
  language: 'language',
  guid: 'guid',
  homeHelp: 'HomeHelp',
  newVersion: 'newVersion',
  featureList: 'featureList',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const localStore = {
  get(key: StorageKey): string | null {
    try {
      return store()?.getItem(STORAGE_PREFIX + key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      store()?.setItem(STORAGE_PREFIX + key, value);
    } catch {
      // Quota or disabled storage: the value simply is not remembered.
    }
  },
  remove(key: StorageKey): void {
    try {
      store()?.removeItem(STORAGE_PREFIX + key);
    } catch {
      // Nothing to clean up when storage is unavailable.
    }
  },
  getJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
    const raw = this.get(key);
    if (raw === null) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isValid(parsed) ? parsed : null;
    } catch {
      return null;
    }
  },
  setJson(key: StorageKey, value: unknown): void {
    this.set(key, JSON.stringify(value));
  },
};

/** A per-device id sent with every request (spec §7 "a GUID"); created once, then kept. */
export function deviceGuid(): string {
  const existing = localStore.get(StorageKey.guid);
  if (existing) return existing;
  const fresh =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
  localStore.set(StorageKey.guid, fresh);
  return fresh;
}
