import { EngineState, Limits } from '@canopy/contract';
import { Button, Result } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { InvitationGate } from '../../features/invitations/components/InvitationGate';
import { keepInvitationParam } from '../../features/invitations/invitation-param';
import { isApiError } from '../api/api-error';
import { HelpCenterProvider } from '../help/HelpCenterProvider';
import { withCarriedQuery } from '../navigation/carry-query';
import { useAppNavigate } from '../navigation/useAppNavigate';
import { readTeamSelection } from '../storage/team-selection';
import { useTerminalCheck } from '../timers/useTerminalCheck';
import { useVersionCheck } from '../timers/useVersionCheck';
import { FullPageLoading } from './FullPageLoading';
import { type Session, SessionContext } from './session-context';
import { TeamInitializing } from './TeamInitializing';
import { useBasicUser, useEngines, useFeatures } from './useSessionQueries';

const TEAM_CREATE_PATH = '/team/create';

/**
 * Start-up (spec §2/§4): the signed-in user, then the team list, then the current team. Everything
 * below this route can rely on a user and (except /team/create) a current team being there.
 */
export function SessionRoot() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useAppNavigate();
  const user = useBasicUser();
  const engines = useEngines(user.isSuccess);
  const list = engines.data;
  const currentCode = list ? readTeamSelection().engineCode : undefined;
  const current = list?.find((e) => e.engineCode === currentCode) ?? null;
  const features = useFeatures(current?.engineCode);
  useVersionCheck(current?.corpId);
  useTerminalCheck(user.isSuccess);

  // A team list that cannot be had after sign-in: the closed/expired team page, after a beat.
  const listMissing = engines.isError && !(isApiError(engines.error) && engines.error.status === 401);
  useEffect(() => {
    if (!listMissing) return;
    const timer = window.setTimeout(() => navigate('/engineNotFound', { replace: true }), Limits.initRedirectMs);
    return () => window.clearTimeout(timer);
  }, [listMissing, navigate]);

  const session = useMemo<Session | null>(() => {
    if (!user.data || !list) return null;
    const featureList = features.data ?? [];
    return {
      user: user.data,
      engines: list,
      current,
      features: featureList,
      isManager: Boolean(current && (current.ownFlag || current.adminFlag)),
      hasFeature: (code) => featureList.includes(code),
    };
  }, [user.data, list, current, features.data]);

  if (user.isError) {
    // 401 is already on its way to the login page; anything else gets an honest retry.
    return (
      <Result
        status="warning"
        title={t('session.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void user.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!session) return <FullPageLoading />;

  if (session.engines.length === 0 && location.pathname !== TEAM_CREATE_PATH) {
    // A newcomer without a team starts by creating one, unless the invitation they came with
    // (kept on the way) lets them join one instead.
    const target = keepInvitationParam(TEAM_CREATE_PATH, location.search);
    return <Navigate to={withCarriedQuery(target, location.search)} replace />;
  }
  if (current?.state === EngineState.initializing && location.pathname !== TEAM_CREATE_PATH) {
    return (
      <SessionContext value={session}>
        <TeamInitializing team={current} />
      </SessionContext>
    );
  }
  return (
    <SessionContext value={session}>
      <HelpCenterProvider>
        <Outlet />
        <InvitationGate />
      </HelpCenterProvider>
    </SessionContext>
  );
}
