/** Query parameters that follow the user from page to page (spec §2 navigation rules). */
const CARRIED_PARAMS = ['engineCode'] as const;

/**
 * Adds the carried parameters of the current URL to a target that does not set them itself.
 * `to` is an in-app path like `/home` or `/todos/todo?x=1#y`.
 */
export function withCarriedQuery(to: string, currentSearch: string): string {
  const current = new URLSearchParams(currentSearch);
  const carried = CARRIED_PARAMS.filter((p) => current.has(p));
  if (carried.length === 0) return to;
  const url = new URL(to, 'http://in-app.invalid');
  for (const p of carried) {
    const value = current.get(p);
    if (value !== null && !url.searchParams.has(p)) url.searchParams.set(p, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
