import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';

/**
 * Server state lives in TanStack Query. Errors are already shown by the API client, so queries do
 * not retry server answers (a 4xx will not change); only a lost connection gets one more try.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => isApiError(error) && error.kind === 'network' && failureCount < 1,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
