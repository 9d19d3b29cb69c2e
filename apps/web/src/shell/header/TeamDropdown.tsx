import { DownOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { type EngineItem, EngineState, FeatureCode } from '@canopy/contract';
import { Button, Divider, Empty, Flex, Popover, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClosedTeamList } from '../../features/team/components/ClosedTeamList';
import { lazyDialog } from '../app/lazy-chunk';
import { useAppNavigate } from '../navigation/useAppNavigate';
import { useSession } from '../session/session-context';
import { TeamRow, teamLabel } from './TeamRow';
import { useTeamSwitch } from './useTeamSwitch';

/** Opened rarely: each loads the first time it opens, so the page shows without it. */
const InviteDialog = lazyDialog(() =>
  import('../../features/invitations/components/InviteDialog').then((m) => m.InviteDialog),
);
const LeaveTeamDialog = lazyDialog(() =>
  import('../../features/team/components/LeaveTeamDialog').then((m) => m.LeaveTeamDialog),
);

/** Spec §2: tab 1 lists the teams the user manages (owner/admin), tab 2 the teams they joined. */
type TeamTab = 'manage' | 'joined';

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

  const rows =
    listed.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('header.noTeamsInTab')} />
    ) : (
      <Flex vertical gap={2} style={{ maxHeight: 280, overflowY: 'auto' }} data-testid={`team-list-${tab}`}>
        {listed.map((team) => (
          <TeamRow
            key={team.engineCode}
            team={team}
            isCurrent={isCurrent(team)}
            canSwitch={!switchForbidden && switching === null}
            switching={switching === team.engineCode}
            // The feature is the current team's: other teams keep their names and their own rules.
            canRename={isManaged(team) && !(nameHidden && isCurrent(team))}
            editing={editing === team.engineCode}
            savedName={savedNames[team.engineCode]}
            nameHidden={nameHidden && isCurrent(team)}
            onSwitch={() => void switchTo(team)}
            onEdit={() => setEditing(team.engineCode)}
            onEditDone={(saved) => {
              setEditing(null);
              if (saved) setSavedNames((names) => ({ ...names, [team.engineCode]: saved }));
            }}
            onLeave={() => closeAnd(() => setLeaving(team))}
          />
        ))}
      </Flex>
    );

  const content = (
    <div style={{ width: 320 }} data-testid="team-dropdown">
      {switchForbidden ? (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 8px 8px', fontSize: 12 }}>
          {t('header.currentTeam')}
        </Typography.Text>
      ) : (
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(key) => {
            setEditing(null);
            setTab(key === 'manage' ? 'manage' : 'joined');
          }}
          items={[
            { key: 'manage', label: <span data-testid="team-tab-manage">{t('header.teamTabManage')}</span> },
            { key: 'joined', label: <span data-testid="team-tab-joined">{t('header.teamTabJoined')}</span> },
          ]}
        />
      )}
      {rows}
      {!switchForbidden && <ClosedTeamList teams={closedTeams} />}
      {(isManager || !switchForbidden) && <Divider style={{ margin: '8px 0' }} />}
      {isManager && (
        <Button
          type="text"
          block
          className="canopy-team-row"
          icon={<UserAddOutlined />}
          data-testid="team-invite-entry"
          onClick={() => closeAnd(() => setInviting(true))}
        >
          {t('invite.title')}
        </Button>
      )}
      {!switchForbidden && (
        <Button
          type="text"
          block
          className="canopy-team-row"
          icon={<PlusOutlined />}
          data-testid="team-create-entry"
          onClick={() => closeAnd(() => navigate('/team/create'))}
        >
          {t('header.createTeam')}
        </Button>
      )}
    </div>
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
        <Button type="text" data-testid="team-switcher" data-tour="team" style={{ fontWeight: 600, paddingInline: 8 }}>
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
