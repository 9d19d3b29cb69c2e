import { OnboardingEndpoints } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';

export const ONBOARDING_KEY = ['onboarding', 'user'] as const;

/** The guide's state on the server; the guide loads only when this call succeeds (spec §4 Guide). */
export function useOnboarding() {
  return useQuery({
    queryKey: ONBOARDING_KEY,
    queryFn: () => call(OnboardingEndpoints.state, { errors: 'silent' }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Restarting from the help menu: the server forgets the progress and the guide opens at step one. */
export function useRestartGuide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(OnboardingEndpoints.save, { body: { action: 'restart' } }),
    onSuccess: (state) => client.setQueryData(ONBOARDING_KEY, state),
  });
}
