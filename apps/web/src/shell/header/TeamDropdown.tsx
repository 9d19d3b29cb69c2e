import { DownOutlined } from '@ant-design/icons';
import { type EngineItem, EngineState, FeatureCode } from '@canopy/contract';
import { Button, Popover, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../app/lazy-chunk';
import { useAppNavigate } from '../navigation/useAppNavigate';
import { useSession } from '../session/session-context';
import { teamLabel } from './team-label';
import { useTeamSwitch } from './useTeamSwitch';

/** Opened rarely: each loads the first time it opens, so the page shows without it. */
const InviteDialog = lazyDialog(() =>
  import('../../features/invitations/components/InviteDialog').then((m) => m.InviteDialog),
);
const LeaveTeamDialog = lazyDialog(() =>
  import('../../features/team/components/LeaveTeamDialog').then((m) => m.LeaveTeamDialog),
);

/** The list itself (tabs, rows with the name editor): fetched when first opened or approached. */
const loadPanel = () => import('./TeamDropdownPanel');
const TeamDropdownPanel = lazy(() => loadPanel().then((m) => ({ default: m.TeamDropdownPanel })));

/** Spec §2: tab 1 lists the teams the user manages (owner/admin), tab 2 the teams they joined. */
export type TeamTab = 'manage' | 'joined';

const isManaged = (e: EngineItem) => e.ownFlag || e.adminFlag;

/**
 * The team switcher at the left of the header (spec §2 Header, §4, §6): switch, rename managed
 * teams inline, leave, invite and create. ForbiddenTeamSwitch leaves only the current team, with
 * no switching and no team creation; ForbiddenTeamName hides the current team's name (header,
 * list, the dialogs opened from here) and its name editing.
 */
export function TeamDropdown() {
  const { t } = useTranslation();
  const { current, engines: all, isManager, hasFeature } = useSession();
  // Closed teams (listed to their owner) are not switched to; they get their own restore list.
  const engines = all.filter((e) => e.state !== EngineState.closed);
  const closedTeams = all.filter((e) => e.state === EngineState.closed);
  const navigate = useAppNavigate();
  const { switchTo, switching } = useTeamSwitch();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<TeamTab>(isManager ? 'manage' : 'joined');
  const [editing, setEditing] = useState<string | null>(null);
  const [savedNames, setSavedNames] = useState<Record<string, string>>({});
  const [leaving, setLeaving] = useState<EngineItem | null>(null);
  const [inviting, setInviting] = useState(false);
  const switchForbidden = hasFeature(FeatureCode.forbiddenTeamSwitch);
  const nameHidden = hasFeature(FeatureCode.forbiddenTeamName);
  const isCurrent = (team: EngineItem) => team.engineCode === current?.engineCode;

  const name = !current
    ? t('header.noTeam')
    : nameHidden
      ? t('header.currentTeam')
      : (savedNames[current.engineCode] ?? teamLabel(current, t('header.initializingSuffix')));
  const visible = switchForbidden ? engines.filter((e) => e.engineCode === current?.engineCode) : engines;
  const listed = switchForbidden ? visible : visible.filter((e) => (tab === 'manage' ? isManaged(e) : !isManaged(e)));

  const closeAnd = (action: () => void) => {
    setOpen(false);
    setEditing(null);
    action();
  };

  const content = (
    <Suspense fallback={<Spin size="small" style={{ display: 'block', width: 320, padding: 24 }} />}>
      <TeamDropdownPanel
        tab={tab}
        onTab={(next) => {
          setEditing(null);
          setTab(next);
        }}
        listed={listed}
        closedTeams={closedTeams}
        switchForbidden={switchForbidden}
        nameHidden={nameHidden}
        isManager={isManager}
        currentCode={current?.engineCode}
        switching={switching}
        onSwitch={(team) => void switchTo(team)}
        editing={editing}
        onEdit={setEditing}
        savedNames={savedNames}
        onSaved={(code, saved) => setSavedNames((names) => ({ ...names, [code]: saved }))}
        onLeave={(team) => closeAnd(() => setLeaving(team))}
        onInvite={() => closeAnd(() => setInviting(true))}
        onCreate={() => closeAnd(() => navigate('/team/create'))}
      />
    </Suspense>
  );

  return (
    <>
      <Popover
        content={content}
        trigger="click"
        placement="bottomLeft"
        arrow={false}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setEditing(null);
          if (next) setTab(isManager ? 'manage' : 'joined');
        }}
      >
        <Button
          type="text"
          data-testid="team-switcher"
          data-tour="team"
          style={{ fontWeight: 600, paddingInline: 8 }}
          // Fetch the list's chunk as the pointer or focus arrives, so it is usually there on the click.
          onMouseEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
        >
          <Typography.Text ellipsis style={{ maxWidth: 200, fontWeight: 600 }}>
            {name}
          </Typography.Text>
          <DownOutlined style={{ fontSize: 11 }} />
        </Button>
      </Popover>
      {leaving && (
        <LeaveTeamDialog
          team={leaving}
          displayName={nameHidden && isCurrent(leaving) ? t('header.currentTeam') : undefined}
          onClose={() => setLeaving(null)}
        />
      )}
      {isManager && <InviteDialog open={inviting} onClose={() => setInviting(false)} />}
    </>
  );
}
