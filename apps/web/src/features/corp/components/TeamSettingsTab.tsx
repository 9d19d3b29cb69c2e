import { DeleteOutlined } from '@ant-design/icons';
import { FeatureCode } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shell/session/session-context';
import { fetchCorpInfo } from '../../team/api/team-api';
import { DeleteTeamDialog } from '../../team/components/DeleteTeamDialog';
import { teamKeys } from '../../team/hooks/team-keys';
import { ApplogRetentionField } from './ApplogRetentionField';
import { formatTime } from './date-format';
import { TeamNameField } from './TeamNameField';
import { TimeZoneField } from './TimeZoneField';

/**
 * 团队设置: the team's record (corp info) and its name, renamed under the spec §5 rules; for the
 * owner, deleting the team.
 */
export function TeamSettingsTab() {
  const { t } = useTranslation();
  const { current, hasFeature } = useSession();
  const [deleting, setDeleting] = useState(false);
  const corpId = current?.corpId ?? '';
  const info = useQuery({
    queryKey: teamKeys.corpInfo(corpId),
    queryFn: () => fetchCorpInfo(corpId),
    staleTime: 60_000,
  });
  if (info.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (info.isError) return <Alert type="error" showIcon title={t('org.loadFailed')} />;
  const corp = info.data;
  const renameHidden = hasFeature(FeatureCode.forbiddenTeamName);
  return (
    <div data-testid="corp-settings-tab" style={{ maxWidth: 720 }}>
      <Descriptions column={1} bordered size="middle" styles={{ label: { width: 160 } }}>
        <Descriptions.Item label={t('teams.nameLabel')}>
          {renameHidden ? (
            <>
              {corp.corpName}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t('corp.renameLocked')}
              </Typography.Text>
            </>
          ) : (
            <TeamNameField key={corp.corpName} corpId={corp.corpId} name={corp.corpName} />
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('corp.timeZone')}>
          <TimeZoneField corpId={corp.corpId} timeZone={corp.timeZone} />
        </Descriptions.Item>
        <Descriptions.Item label={t('applog.retention')}>
          <ApplogRetentionField engineCode={corp.engineCode} />
        </Descriptions.Item>
        <Descriptions.Item label={t('corp.owner')}>{corp.ownerName}</Descriptions.Item>
        <Descriptions.Item label={t('corp.memberCount')}>
          {t('org.totalMembers', { count: corp.memberCount })}
        </Descriptions.Item>
        <Descriptions.Item label={t('corp.createdAt')}>{formatTime(corp.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('corp.corpId')}>
          <Typography.Text copyable>{corp.corpId}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('corp.engineCode')}>
          <Typography.Text copyable>{corp.engineCode}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('corp.entryType')}>{corp.entryType}</Descriptions.Item>
      </Descriptions>
      {current?.ownFlag && (
        <Card size="small" style={{ marginTop: 24, borderColor: 'var(--ant-color-error-border)' }}>
          <Flex align="center" justify="space-between" gap={16}>
            <div>
              <Typography.Text strong>{t('teams.deleteSection')}</Typography.Text>
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('teams.deleteSectionHint')}
              </Typography.Paragraph>
            </div>
            <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)} data-testid="team-delete-entry">
              {t('teams.deleteTeam')}
            </Button>
          </Flex>
        </Card>
      )}
      <DeleteTeamDialog team={deleting ? current : null} onClose={() => setDeleting(false)} />
    </div>
  );
}
