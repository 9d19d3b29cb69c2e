import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useState } from 'react';
import { requestContext } from '../../../shell/api/request-context';
import { useSession } from '../../../shell/session/session-context';
import { appKeys } from '../api/apps-api';
import { adminModeStore } from './admin-mode-store';

/**
 * While inside an app its code goes with every request, and so does admin mode when it is on
 * (spec §6); both are set before the app's first request and cleared on leaving. Admin mode is
 * only for team owners/admins (the server also checks) and is remembered per member and app.
 */
export function useAppRequestContext(appCode: string) {
  const { current, isManager } = useSession();
  const memberId = current?.memberId ?? '';
  const engineCode = current?.engineCode ?? '';
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ appCode: string; adminMode: boolean } | null>(null);

  useLayoutEffect(() => {
    const adminMode = isManager && adminModeStore.isOn(memberId, appCode);
    requestContext.setAppCode(appCode);
    requestContext.setAdminMode(adminMode);
    setState({ appCode, adminMode });
    return () => requestContext.setAppCode(null);
  }, [appCode, memberId, isManager]);

  const setAdminMode = useCallback(
    (on: boolean) => {
      if (!isManager) return;
      adminModeStore.set(memberId, appCode, on);
      requestContext.setAdminMode(on);
      setState({ appCode, adminMode: on });
      // What the member may see and do changes with the mode: read the app again.
      void queryClient.invalidateQueries({ queryKey: appKeys.app(engineCode, appCode) });
    },
    [appCode, memberId, engineCode, isManager, queryClient],
  );

  const ready = state !== null && state.appCode === appCode;
  return { ready, adminMode: state !== null && ready && state.adminMode, canUseAdminMode: isManager, setAdminMode };
}
