import { PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import type { EngineItem } from '@canopy/contract';
import { Button, Divider, Empty, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClosedTeamList } from '../../features/team/components/ClosedTeamList';
import type { TeamTab } from './TeamDropdown';
import { TeamRow } from './TeamRow';

const isManaged = (e: EngineItem) => e.ownFlag || e.adminFlag;

interface TeamDropdownPanelProps {
  tab: TeamTab;
  onTab: (tab: TeamTab) => void;
  /** The teams of the tab (or the current team alone when switching is forbidden). */
  listed: EngineItem[];
  closedTeams: EngineItem[];
  switchForbidden: boolean;
  nameHidden: boolean;
  isManager: boolean;
  currentCode: string | undefined;
  switching: string | null;
  onSwitch: (team: EngineItem) => void;
  editing: string | null;
  onEdit: (engineCode: string | null) => void;
  savedNames: Record<string, string>;
  onSaved: (engineCode: string, name: string) => void;
  onLeave: (team: EngineItem) => void;
  onInvite: () => void;
  onCreate: () => void;
}

/**
 * The team switcher's list (TeamDropdown): tabs, teams with rename and leave, closed teams, invite and
 * create. Its own chunk, fetched when the list first opens (or the pointer nears the switcher): the
 * tabs and the name editor's input are not needed to show /home.
 */
export function TeamDropdownPanel({
  tab,
  onTab,
  listed,
  closedTeams,
  switchForbidden,
  nameHidden,
  isManager,
  currentCode,
  switching,
  onSwitch,
  editing,
  onEdit,
  savedNames,
  onSaved,
  onLeave,
  onInvite,
  onCreate,
}: TeamDropdownPanelProps) {
  const { t } = useTranslation();
  const isCurrent = (team: EngineItem) => team.engineCode === currentCode;
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
            onSwitch={() => onSwitch(team)}
            onEdit={() => onEdit(team.engineCode)}
            onEditDone={(saved) => {
              onEdit(null);
              if (saved) onSaved(team.engineCode, saved);
            }}
            onLeave={() => onLeave(team)}
          />
        ))}
      </Flex>
    );

  return (
    <div style={{ width: 320 }} data-testid="team-dropdown">
      {switchForbidden ? (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 8px 8px', fontSize: 12 }}>
          {t('header.currentTeam')}
        </Typography.Text>
      ) : (
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(key) => onTab(key === 'manage' ? 'manage' : 'joined')}
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
          onClick={onInvite}
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
          onClick={onCreate}
        >
          {t('header.createTeam')}
        </Button>
      )}
    </div>
  );
}
