import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { FullPageLoading } from '../../../shell/session/FullPageLoading';
import { useSession } from '../../../shell/session/session-context';
import { appKeys, appsApi } from '../api/apps-api';
import { AppWorkspace } from '../components/AppWorkspace';
import { useAppRequestContext } from '../hooks/useAppRequestContext';

/**
 * /app/:appCode[/:schemaCode[/:viewCode]] (spec §2): first the app access check. A failed check
 * goes to /appAccessCheckFailed; "not OK" sends the browser to the nextPageUrl it names (a deleted
 * or moved app: /appNotFound). Then the app itself.
 */
export function AppPage() {
  const { appCode = '' } = useParams();
  const context = useAppRequestContext(appCode);
  const navigate = useAppNavigate();
  const engineCode = useSession().current?.engineCode ?? '';
  const check = useQuery({
    queryKey: appKeys.access(engineCode, appCode),
    queryFn: () => appsApi.accessCheck(appCode),
    enabled: context.ready,
    retry: false,
    // Checked on every visit: nothing of an earlier visit may let a deleted app open.
    gcTime: 0,
  });

  const failed = check.isError;
  const nextPageUrl = check.data && !check.data.okFlag ? check.data.nextPageUrl : null;
  useEffect(() => {
    if (failed) navigate('/appAccessCheckFailed', { replace: true });
  }, [failed, navigate]);
  useEffect(() => {
    if (nextPageUrl !== null) window.location.href = nextPageUrl || '/appNotFound';
  }, [nextPageUrl]);

  if (!context.ready || !check.data?.okFlag) return <FullPageLoading />;
  return (
    <AppWorkspace
      key={appCode}
      appCode={appCode}
      adminMode={context.adminMode}
      canUseAdminMode={context.canUseAdminMode}
      onAdminModeChange={context.setAdminMode}
    />
  );
}
