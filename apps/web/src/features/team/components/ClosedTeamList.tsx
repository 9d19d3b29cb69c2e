import { ExportOutlined, UndoOutlined } from '@ant-design/icons';
import type { EngineItem } from '@canopy/contract';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTeamClosing } from '../hooks/useTeamClosing';
import { EXPORT_CORP_DATA_PATH } from './DeleteTeamDialog';

/** The owner's closed teams: until when each can be restored, its data export, and the restore action. */
export function ClosedTeamList({ teams }: { teams: EngineItem[] }) {
  const { t } = useTranslation();
  const closing = useTeamClosing();
  if (teams.length === 0) return null;
  return (
    <Flex vertical gap={4} data-testid="closed-teams">
      <Typography.Text type="secondary" style={{ fontSize: 12, padding: '4px 8px 0' }}>
        {t('teams.closedSection')}
      </Typography.Text>
      {teams.map((team) => (
        <Flex
          key={team.engineCode}
          align="center"
          gap={8}
          style={{ padding: '4px 8px' }}
          data-testid={`closed-team-${team.engineCode}`}
        >
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text delete type="secondary" ellipsis={{ tooltip: team.corpName }}>
              {team.corpName}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('teams.closedUntil', { time: closing.when(team.purgeAt) })}
            </Typography.Text>
          </Flex>
          <Button
            size="small"
            icon={<ExportOutlined />}
            href={`${EXPORT_CORP_DATA_PATH}?engine=${encodeURIComponent(team.engineCode)}`}
            target="_blank"
            rel="noopener"
            title={t('teams.exportData')}
            aria-label={t('teams.exportData')}
            data-testid={`closed-team-export-${team.engineCode}`}
          />
          <Button
            size="small"
            icon={<UndoOutlined />}
            loading={closing.busy}
            onClick={() => void closing.restore(team)}
            data-testid={`closed-team-restore-${team.engineCode}`}
          >
            {t('teams.restore')}
          </Button>
        </Flex>
      ))}
    </Flex>
  );
}
