/** The query parameter of the link the server sends: `/home?invitationId=ID`. */
export const INVITATION_PARAM = 'invitationId';

/**
 * Keeps the invitation parameter on an internal redirect (e.g. a newcomer without a team is sent to
 * /team/create), so the join prompt still appears after sign-in or registration.
 */
export function keepInvitationParam(to: string, currentSearch: string): string {
  const id = new URLSearchParams(currentSearch).get(INVITATION_PARAM);
  if (id === null) return to;
  const url = new URL(to, 'http://in-app.invalid');
  url.searchParams.set(INVITATION_PARAM, id);
  return `${url.pathname}${url.search}${url.hash}`;
}
