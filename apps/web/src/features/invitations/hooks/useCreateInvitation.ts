import type { InvitationCreated } from '@canopy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readTeamSelection } from '../../../shell/storage/team-selection';
import { createInvitation, invitationKeys } from '../api/invitation-api';

/** Creates an invitation and refreshes the team's sent list (enterprise management). */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation<InvitationCreated, Error, string | undefined>({
    mutationFn: (account) => createInvitation(account?.trim() || undefined),
    onSuccess: () => {
      const engineCode = readTeamSelection().engineCode;
      if (engineCode) void queryClient.invalidateQueries({ queryKey: invitationKeys.sent(engineCode) });
    },
  });
}
