import { CheckOutlined, EditOutlined, ExportOutlined, TeamOutlined } from '@ant-design/icons';
import type { EngineItem } from '@canopy/contract';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TeamNameEditor } from '../../features/team/components/TeamNameEditor';
import { teamLabel } from './team-label';

interface TeamRowProps {
  team: EngineItem;
  isCurrent: boolean;
  /** Switching is allowed (not ForbiddenTeamSwitch) and no other switch is running. */
  canSwitch: boolean;
  switching: boolean;
  /** Name editing is offered (teams I manage, not ForbiddenTeamName). */
  canRename: boolean;
  editing: boolean;
  /** A name saved a moment ago, shown until the page reloads. */
  savedName: string | undefined;
  /** The team's name is not shown (the current team with ForbiddenTeamName): "当前团队" instead. */
  nameHidden: boolean;
  onSwitch: () => void;
  onEdit: () => void;
  onEditDone: (savedName?: string) => void;
  onLeave: () => void;
}

/** One team in the dropdown: pick it to switch; edit its name (managed teams) or leave it. */
export function TeamRow(props: TeamRowProps) {
  const { t } = useTranslation();
  const { team, isCurrent } = props;
  if (props.editing) {
    return <TeamNameEditor corpId={team.corpId} name={team.corpName} onDone={props.onEditDone} />;
  }
  const label = props.nameHidden
    ? t('header.currentTeam')
    : (props.savedName ?? teamLabel(team, t('header.initializingSuffix')));
  return (
    <Flex align="center" className="canopy-team-row-wrap" data-testid={`team-row-${team.engineCode}`}>
      <Button
        type={isCurrent ? 'link' : 'text'}
        className="canopy-team-row"
        data-testid={`team-item-${team.engineCode}`}
        loading={props.switching}
        disabled={!isCurrent && !props.canSwitch}
        icon={isCurrent ? <CheckOutlined /> : <TeamOutlined />}
        onClick={() => (isCurrent ? undefined : props.onSwitch())}
        aria-current={isCurrent}
        style={{ flex: 1, minWidth: 0 }}
      >
        <Typography.Text ellipsis={{ tooltip: label }} style={{ color: 'inherit', maxWidth: 170 }}>
          {label}
        </Typography.Text>
      </Button>
      {props.canRename && (
        <Tooltip title={t('teams.rename')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={`${t('teams.rename')} ${label}`}
            data-testid={`team-rename-${team.engineCode}`}
            onClick={props.onEdit}
          />
        </Tooltip>
      )}
      <Tooltip title={t('teams.leave')}>
        <Button
          type="text"
          size="small"
          icon={<ExportOutlined />}
          aria-label={`${t('teams.leave')} ${label}`}
          data-testid={`team-leave-${team.engineCode}`}
          onClick={props.onLeave}
        />
      </Tooltip>
    </Flex>
  );
}
