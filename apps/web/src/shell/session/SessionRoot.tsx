import { EngineState, FeatureCode, Limits } from '@canopy/contract';
import { Button } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { InvitationGate } from '../../features/invitations/components/InvitationGate';
import { keepInvitationParam } from '../../features/invitations/invitation-param';
import { isApiError } from '../api/api-error';
import { HelpCenterProvider } from '../help/HelpCenterProvider';
import { PlainResult } from '../layout/PlainResult';
import { LiveEvents } from '../live/useLiveEvents';
import { useAppNavigate } from '../navigation/useAppNavigate';
import { readTeamSelection } from '../storage/team-selection';
import { useTerminalCheck } from '../timers/useTerminalCheck';
import { useVersionCheck } from '../timers/useVersionCheck';
import { FullPageLoading } from './FullPageLoading';
import { type Session, SessionContext } from './session-context';
import { TeamInitializing } from './TeamInitializing';
import { useBasicUser, useEngines, useFeatures } from './useSessionQueries';

/** The init page: where a user without a team creates one (or joins the one they were invited to). */
const TEAM_CREATE_PATH = '/team/create';
/** The data export of a team, reached by the owner of a closed one too (no open team needed). */
const EXPORT_CORP_DATA_PATH = '/expired/engine/export-corp-data';
const NO_TEAM_PATH = '/engineNotFound';

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

  // Spec §2/§9: a team list that is missing after load leads on after 500 ms, not at once. An
  // empty list goes to the init page (create a team, or join the one an invitation names); a list
  // that cannot be had goes to the no-team page, whose re-login comes back here.
  const listFailed = engines.isError && !(isApiError(engines.error) && engines.error.status === 401);
  // Only closed teams left (their owner may restore them from the create page) counts as none.
  const noTeam =
    list?.every((e) => e.state === EngineState.closed) &&
    location.pathname !== TEAM_CREATE_PATH &&
    location.pathname !== EXPORT_CORP_DATA_PATH;
  const missingTarget = listFailed
    ? `${NO_TEAM_PATH}?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`
    : noTeam
      ? keepInvitationParam(TEAM_CREATE_PATH, location.search)
      : null;
  useEffect(() => {
    if (!missingTarget) return;
    const timer = window.setTimeout(() => navigate(missingTarget, { replace: true }), Limits.initRedirectMs);
    return () => window.clearTimeout(timer);
  }, [missingTarget, navigate]);

  const session = useMemo<Session | null>(() => {
    if (!user.data || !list) return null;
    const featureList = features.data ?? [];
    return {
      user: user.data,
      engines: list,
      current,
      features: featureList,
      featuresSettled: !current || features.isFetched,
      isManager: Boolean(current && (current.ownFlag || current.adminFlag)),
      hasFeature: (code) => featureList.includes(code),
    };
  }, [user.data, list, current, features.data, features.isFetched]);

  if (user.isError) {
    // 401 is already on its way to the login page; anything else gets an honest retry.
    return (
      <PlainResult
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

  // A newcomer without a team: the init page follows after the beat above.
  if (noTeam) return <FullPageLoading />;
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
        <LiveEvents engineCode={session.current?.engineCode} />
        <Outlet />
        {/* Accepting an invitation ends in the new team: a team switch, which ForbiddenTeamSwitch hides. */}
        {!session.hasFeature(FeatureCode.forbiddenTeamSwitch) && <InvitationGate />}
      </HelpCenterProvider>
    </SessionContext>
  );
}
