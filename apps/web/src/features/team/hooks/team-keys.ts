/** Query keys of team-level server state outside the session. */
export const teamKeys = {
  corpInfo: (corpId: string) => ['team', 'corp-info', corpId] as const,
};
