/**
 * Lets code outside React (the API client's error catalogue) move within the SPA without a full
 * reload. The SPA registers its router; elsewhere (auth pages) a plain location change is used.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let routerNavigate: Navigate | null = null;

export function setRouterNavigate(navigate: Navigate | null): void {
  routerNavigate = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (routerNavigate) routerNavigate(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
