import { STORAGE_PREFIX } from '../storage/local-store';

/** The app and role a designer is previewing (以此角色预览), with the role's name for the banner. */
export interface RolePreview {
  appCode: string;
  roleKey: string;
  roleName: string;
}

// Per tab (session storage): a preview in one tab leaves the others as they are, and ends with it.
const KEY = `${STORAGE_PREFIX}rolePreview`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const rolePreview = {
  /** The preview of this app, if one is on. */
  of(appCode: string | null): RolePreview | null {
    if (!appCode) return null;
    try {
      const v = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<RolePreview> | null;
      return v && v.appCode === appCode && typeof v.roleKey === 'string'
        ? { appCode, roleKey: v.roleKey, roleName: String(v.roleName ?? '') }
        : null;
    } catch {
      return null;
    }
  },
  start(preview: RolePreview): void {
    try {
      storage()?.setItem(KEY, JSON.stringify(preview));
    } catch {
      // Without storage the preview cannot survive the reload that starts it: nothing happens.
    }
  },
  stop(): void {
    try {
      storage()?.removeItem(KEY);
    } catch {
      // Nothing stored.
    }
  },
};
