import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../shell/session/session-context';
import { delegationApi, delegationKeys } from '../api/delegation-api';

/** The member's delegation in the current team (account settings and the /todos banner share it). */
export function useMyDelegation() {
  const current = useSession().current;
  const engineCode = current?.engineCode ?? '';
  return useQuery({
    queryKey: delegationKeys.mine(engineCode),
    queryFn: delegationApi.get,
    enabled: Boolean(current),
  });
}
