import { isThirdPartyClient } from '../environment/user-agent';

const AUTH_PAGES = ['/login', '/register', '/logout'];

/**
 * Where to go after login/register/logout. Only same-origin targets are followed (a relative path
 * with a single leading slash, or an absolute URL with our origin), so a crafted link cannot
 * bounce a fresh session to another site. Auth pages themselves are never a target (no loops).
 */
export function safeRedirect(raw: string | null | undefined, origin = window.location.origin): string {
  const fallback = '/home';
  if (!raw) return fallback;
  let target: URL;
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) {
    target = new URL(raw, origin);
  } else {
    try {
      target = new URL(raw);
    } catch {
      return fallback;
    }
  }
  if (target.origin !== origin) return fallback;
  if (AUTH_PAGES.includes(target.pathname.replace(/\/$/, ''))) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}

export function currentRelativeUrl(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

export function loginUrl(returnTo: string = currentRelativeUrl()): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}

let leaving = false;

/**
 * Ends the user's presence in the app (spec §8 401, §4 terminal check): inside a third-party
 * window close it; otherwise go to login with a way back. Runs once even if many calls fail together.
 */
export function leaveToLogin(returnTo?: string): void {
  if (leaving) return;
  leaving = true;
  const target = loginUrl(returnTo);
  if (isThirdPartyClient()) {
    window.close();
    // Browsers ignore close() for windows they did not open by script: fall back to the login page.
    window.setTimeout(() => window.location.assign(target), 300);
    return;
  }
  window.location.assign(target);
}
