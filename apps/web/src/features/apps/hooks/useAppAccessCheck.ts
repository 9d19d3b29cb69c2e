import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useSession } from '../../../shell/session/session-context';
import { appKeys, appsApi } from '../api/apps-api';

/**
 * Spec §2 navigation rules: every route with an appCode first runs the app access check. A failed
 * check goes to /appAccessCheckFailed; "not OK" sends the browser to the nextPageUrl it names (a
 * deleted or moved app: /appNotFound). True once the check said OK.
 */
export function useAppAccessCheck(appCode: string, enabled: boolean): boolean {
  const navigate = useAppNavigate();
  const engineCode = useSession().current?.engineCode ?? '';
  const check = useQuery({
    queryKey: appKeys.access(engineCode, appCode),
    queryFn: () => appsApi.accessCheck(appCode),
    enabled,
    retry: false,
    // Checked on every visit: nothing of an earlier visit may let a deleted app open.
    gcTime: 0,
  });

  // Only while this check is on: a disabled caller (the approval view) may share the key with a query
  // that asked the same question for another reason, and must not be sent away by its answer.
  const failed = enabled && check.isError;
  const nextPageUrl = enabled && check.data && !check.data.okFlag ? check.data.nextPageUrl : null;
  useEffect(() => {
    if (failed) navigate('/appAccessCheckFailed', { replace: true });
  }, [failed, navigate]);
  useEffect(() => {
    if (nextPageUrl !== null) window.location.href = nextPageUrl || '/appNotFound';
  }, [nextPageUrl]);

  return enabled && check.data?.okFlag === true;
}
