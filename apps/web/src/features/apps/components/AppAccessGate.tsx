import { Outlet, useLocation, useParams } from 'react-router';
import { FullPageLoading } from '../../../shell/session/FullPageLoading';
import { useAppAccessCheck } from '../hooks/useAppAccessCheck';
import { useAppRequestContext } from '../hooks/useAppRequestContext';

/**
 * The approval view of one instance (/workflow/:appCode/approval?instanceId=): its participants and
 * originator need no role in the app, so the server's view context decides who may open it (by the
 * work item), not the app access check. Only this sub-page: the designer and the rest stay gated.
 */
export function isApprovalView(pathname: string, search: string, appCode: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return (
    path === `/workflow/${encodeURIComponent(appCode)}/approval` &&
    Boolean(new URLSearchParams(search).get('instanceId'))
  );
}

/**
 * The parent route of an app's sub-applications (/workflow/:appCode, /datasource/:appCode): their
 * requests carry the app code, and nothing of theirs shows before the app access check said OK
 * (spec §2 navigation rules), as for /app/:appCode — except the approval view (see above).
 */
export function AppAccessGate() {
  const { appCode = '' } = useParams();
  const { pathname, search } = useLocation();
  const context = useAppRequestContext(appCode);
  const approval = isApprovalView(pathname, search, appCode);
  const allowed = useAppAccessCheck(appCode, context.ready && !approval);
  return allowed || (approval && context.ready) ? <Outlet /> : <FullPageLoading />;
}
