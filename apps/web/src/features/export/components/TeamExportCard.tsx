import { ExportOutlined } from '@ant-design/icons';
import type { EngineItem, ExportJob } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { ExportProgress } from '../../tables/transfer/ExportButton';
import { teamExportApi } from '../api/export-api';

/** One team on the export page: its state, the export button, the latest export's progress and link. */
export function TeamExportCard({ team, highlighted }: { team: EngineItem; highlighted: boolean }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = ['team-export', team.engineCode] as const;
  const latest = useQuery({
    queryKey: key,
    queryFn: async (): Promise<ExportJob | null> => (await teamExportApi.latest(team.engineCode))[0] ?? null,
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 800 : false),
  });
  const job = latest.data ?? null;
  const usable = job && !(job.state === 'done' && job.expiresAt <= Date.now());
  const date = (ms: number) => new Date(ms).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : i18n.language);
  const start = async () => {
    setBusy(true);
    setError('');
    try {
      client.setQueryData(key, await teamExportApi.start(team.engineCode));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const closed = team.state === 'CLOSED';
  return (
    <Card
      data-testid={`team-export-${team.engineCode}`}
      style={highlighted ? { borderColor: '#1677ff' } : undefined}
      title={
        <Flex align="center" gap={8}>
          <Typography.Text strong>{team.corpName}</Typography.Text>
          {closed && <Tag color="red">{t('pages.exportCorpData.closed')}</Tag>}
        </Flex>
      }
      extra={
        <Button
          type={usable ? 'default' : 'primary'}
          icon={<ExportOutlined />}
          loading={busy}
          disabled={job?.state === 'running'}
          onClick={() => void start()}
          data-testid="team-export-start"
        >
          {usable ? t('pages.exportCorpData.again') : t('pages.exportCorpData.start')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        {closed && team.purgeAt > 0 && (
          <Typography.Text type="secondary">
            {t('pages.exportCorpData.purgeAt', { date: date(team.purgeAt) })}
          </Typography.Text>
        )}
        {error && <Alert type="error" showIcon title={error} data-testid="team-export-error" />}
        {usable && job && (
          <ExportProgress
            job={job}
            running={t('pages.exportCorpData.running')}
            ready={t('pages.exportCorpData.ready', { date: date(job.expiresAt) })}
            failed={t('pages.exportCorpData.failed', { message: job.message })}
            download={t('pages.exportCorpData.download')}
          />
        )}
      </Flex>
    </Card>
  );
}
