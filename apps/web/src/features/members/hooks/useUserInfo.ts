import { Limits } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../shell/session/session-context';
import { orgApi, orgKeys } from '../api/org-api';

/**
 * Spec §3 User info of one person of the current team, kept 60 s (spec §9 "User info cache 60 s"):
 * opening the same card again within a minute asks the server nothing. Organisation writes refresh it.
 */
export function useUserInfo(userId: string | undefined) {
  const engineCode = useSession().current?.engineCode ?? '';
  return useQuery({
    queryKey: orgKeys.userInfo(engineCode, userId ?? ''),
    queryFn: () => orgApi.userInfo(userId ?? ''),
    enabled: Boolean(userId && engineCode),
    staleTime: Limits.userInfoCacheMs,
  });
}
