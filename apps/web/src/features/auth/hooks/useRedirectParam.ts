import { useSearchParams } from 'react-router';
import { safeRedirect } from '../../../shell/navigation/auth-redirect';

/** The `redirect` query parameter: raw (to pass on between auth pages) and made safe (to go to). */
export function useRedirectParam() {
  const [search] = useSearchParams();
  const raw = search.get('redirect');
  const withRedirect = (path: string) => (raw ? `${path}?redirect=${encodeURIComponent(raw)}` : path);
  return { raw, target: safeRedirect(raw), withRedirect };
}
