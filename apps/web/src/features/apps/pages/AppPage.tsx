import { useParams } from 'react-router';
import { FullPageLoading } from '../../../shell/session/FullPageLoading';
import { AppWorkspace } from '../components/AppWorkspace';
import { useAppAccessCheck } from '../hooks/useAppAccessCheck';
import { useAppRequestContext } from '../hooks/useAppRequestContext';

/**
 * /app/:appCode[/:schemaCode[/:viewCode]] (spec §2): first the app access check. A failed check
 * goes to /appAccessCheckFailed; "not OK" sends the browser to the nextPageUrl it names (a deleted
 * or moved app: /appNotFound). Then the app itself.
 */
export function AppPage() {
  const { appCode = '' } = useParams();
  const context = useAppRequestContext(appCode);
  const allowed = useAppAccessCheck(appCode, context.ready);

  if (!allowed) return <FullPageLoading />;
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
