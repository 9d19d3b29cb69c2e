import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeTeamSelection } from '../../../shell/storage/team-selection';
import { createTeam } from '../api/team-api';

/**
 * Create a team, then work in it: remember it (so the headers name it), and refresh all server
 * state, which was about the previous team or about having none.
 */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (corpName: string) => createTeam(corpName.trim()),
    onSuccess: async (created) => {
      storeTeamSelection(created);
      await queryClient.invalidateQueries();
    },
  });
}
