import { EngineState, Limits } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { readTeamSelection } from '../storage/team-selection';
import { sessionKeys } from './query-keys';
import { fetchBasicUser, fetchEngines, fetchFeatures, storedFeatures } from './session-api';

/** The signed-in user, cached for 60 s (spec §7/§9). A 401 sends the browser to login (API client). */
export function useBasicUser() {
  return useQuery({ queryKey: sessionKeys.basicUser, queryFn: fetchBasicUser, staleTime: Limits.userInfoCacheMs });
}

/** The user's teams; polled while the current team is still being set up. */
export function useEngines(enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.engines,
    queryFn: fetchEngines,
    enabled,
    staleTime: 30_000,
    refetchInterval: (query) => {
      const current = query.state.data?.find((e) => e.engineCode === readTeamSelection().engineCode);
      return current?.state === EngineState.initializing ? 5_000 : false;
    },
  });
}

export function useFeatures(engineCode: string | undefined) {
  return useQuery({
    queryKey: sessionKeys.features(engineCode ?? ''),
    queryFn: fetchFeatures,
    enabled: Boolean(engineCode),
    placeholderData: storedFeatures,
    staleTime: 5 * 60_000,
  });
}
