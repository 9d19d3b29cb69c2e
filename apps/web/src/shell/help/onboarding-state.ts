import { OnboardingEndpoints, type OnboardingState } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../api/client';
import { useSession } from '../session/session-context';

/**
 * Per team: whether the guide is due depends on the member's role there, so a newcomer who creates
 * their first team asks again as its owner.
 */
const onboardingKey = (engineCode: string | undefined) => ['onboarding', 'user', engineCode ?? ''] as const;

/** The guide's state on the server; the guide loads only when this call succeeds (spec §4 Guide). */
export function useOnboarding() {
  const engineCode = useSession().current?.engineCode;
  return useQuery({
    queryKey: onboardingKey(engineCode),
    queryFn: () => call(OnboardingEndpoints.state, { errors: 'silent' }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Puts a state the server answered in place of the current team's. */
export function useSetOnboarding(): (state: OnboardingState) => void {
  const client = useQueryClient();
  const engineCode = useSession().current?.engineCode;
  return useCallback((state) => client.setQueryData(onboardingKey(engineCode), state), [client, engineCode]);
}

/** Restarting from the help menu: the server forgets the progress and the guide opens at step one. */
export function useRestartGuide() {
  const setState = useSetOnboarding();
  return useMutation({
    mutationFn: () => call(OnboardingEndpoints.save, { body: { action: 'restart' } }),
    onSuccess: setState,
  });
}
