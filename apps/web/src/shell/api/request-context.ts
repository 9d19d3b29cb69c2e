/**
 * Request state that is not in storage: which app the user is working in and whether admin mode is
 * on for it (spec §6). Set by the app pages; read by the client for the app-code and admin headers.
 */
let activeAppCode: string | null = null;
let adminMode = false;

export const requestContext = {
  setAppCode(appCode: string | null): void {
    activeAppCode = appCode;
    // Admin mode belongs to one app; leaving the app (or going home) turns it off.
    if (!appCode) adminMode = false;
  },
  setAdminMode(on: boolean): void {
    adminMode = on && activeAppCode !== null;
  },
  appCode(): string | null {
    return activeAppCode;
  },
  adminMode(): boolean {
    return adminMode;
  },
};
