import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { errorText } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { orgKeys } from '../api/org-api';

/**
 * One organisation write: run it, say so, and refresh everything of the team's organisation (tree,
 * lists, counts) so no screen shows the state before. Failures show the server's message.
 */
export function useOrgAction<V>(run: (variables: V) => Promise<unknown>, successText?: string) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { current } = useSession();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      if (successText) message.success(successText);
      if (current) await queryClient.invalidateQueries({ queryKey: orgKeys.all(current.engineCode) });
    },
    onError: (error) => {
      message.error(errorText(error));
    },
  });
}
