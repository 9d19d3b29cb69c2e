import { STORAGE_PREFIX } from '../../../shell/storage/local-store';

/**
 * Invitations the user closed without answering ("later"): not offered again in this browser
 * session, but again next time, since they are still pending on the server.
 */
const KEY = `${STORAGE_PREFIX}dismissedInvitations`;

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function isDismissed(id: string): boolean {
  return read().includes(id);
}

export function dismissInvitation(id: string): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify([...new Set([...read(), id])]));
  } catch {
    // Storage unavailable: the prompt may simply come back after a reload.
  }
}
