import { RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  type AutomationItem,
  type AutomationRun,
  type AutomationRunStatus,
  AutomationRunStatuses,
} from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Empty, Flex, List, Select, Skeleton, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { automationKeys, automationsApi } from '../api/automations-api';
import { formatTime, RunStatusTag } from './RunStatusTag';
import { RecordValues } from './StepEffect';
import { JsonBlock, StepRuns } from './StepRuns';

/** Runs still moving are read again every few seconds while the drawer is open. */
const moving = (r: AutomationRun) => r.status === 'queued' || r.status === 'running' || r.status === 'waiting';

/**
 * An automation's runs, newest first, filtered by status; a run's trigger data and each step's
 * input, output, duration and error; a failed run queued again from its failed step.
 */
export function RunHistoryDrawer({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: AutomationItem;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { appCode } = useAppWorkspace();
  const [status, setStatus] = useState<AutomationRunStatus | undefined>();
  const [runId, setRunId] = useState<string | null>(null);
  const p = { appCode, automationId: item.id };
  const runs = useQuery({
    queryKey: automationKeys.runs(appCode, item.id, status),
    queryFn: () => automationsApi.runs(p, status ? { status } : {}),
    enabled: open,
    refetchInterval: (q) => (q.state.data?.some(moving) ? 2_000 : false),
  });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={720}
      title={t('automations.history.title', { name: item.name })}
      destroyOnHidden
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void runs.refetch()}
          aria-label={t('automations.history.refresh')}
          data-testid="au-runs-refresh"
        />
      }
      data-testid="au-history-drawer"
    >
      {runId ? (
        <RunDetail p={p} runId={runId} onBack={() => setRunId(null)} />
      ) : (
        <Flex vertical gap={12}>
          <Select
            allowClear
            aria-label={t('automations.history.statusFilter')}
            placeholder={t('automations.history.allStatuses')}
            style={{ width: 200 }}
            value={status}
            onChange={setStatus}
            options={AutomationRunStatuses.map((s) => ({ value: s, label: t(`automations.runStatus.${s}`) }))}
            data-testid="au-runs-status"
          />
          <List<AutomationRun>
            loading={runs.isPending}
            dataSource={runs.data ?? []}
            locale={{
              emptyText: runs.isError ? errorText(runs.error) : <Empty description={t('automations.history.empty')} />,
            }}
            data-testid="au-runs"
            renderItem={(r) => (
              <List.Item
                actions={[
                  <Button key="open" type="link" onClick={() => setRunId(r.id)} data-testid="au-run-open">
                    {t('automations.history.details')}
                  </Button>,
                ]}
                data-testid="au-run"
              >
                <List.Item.Meta
                  title={
                    <Flex gap={8} align="center">
                      <RunStatusTag status={r.status} />
                      <span>{formatTime(r.createdAt, i18n.language)}</span>
                      <Typography.Text type="secondary">v{r.version}</Typography.Text>
                    </Flex>
                  }
                  description={r.error ?? triggerLine(r, t)}
                />
              </List.Item>
            )}
          />
        </Flex>
      )}
    </Drawer>
  );
}

function triggerLine(r: AutomationRun, t: TFunction): string {
  const tr = r.trigger as { event?: string; record?: { id?: string } } | null;
  if (tr?.event && tr.record?.id) return t('automations.history.triggerRecord', { event: tr.event, id: tr.record.id });
  return t('automations.history.triggered');
}

function RunDetail({
  p,
  runId,
  onBack,
}: {
  p: { appCode: string; automationId: string };
  runId: string;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = useQuery({
    queryKey: automationKeys.run(p.appCode, p.automationId, runId),
    queryFn: () => automationsApi.run({ ...p, runId }),
    refetchInterval: (q) => (q.state.data && moving(q.state.data) ? 2_000 : false),
  });
  const rerun = async () => {
    setBusy(true);
    try {
      const next = await automationsApi.rerun({ ...p, runId });
      client.setQueryData(automationKeys.run(p.appCode, p.automationId, runId), next);
      await client.invalidateQueries({ queryKey: ['automations', p.appCode, 'runs', p.automationId] });
      message.success(t('automations.history.rerunQueued'));
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  if (run.isError) return <Empty description={errorText(run.error)} />;
  if (!run.data) return <Skeleton active />;
  const r = run.data;
  return (
    <Flex vertical gap={12} data-testid="au-run-detail">
      <Flex gap={8}>
        <Button onClick={onBack} data-testid="au-run-back">
          {t('automations.history.back')}
        </Button>
        {r.status === 'failed' && (
          <Button type="primary" icon={<RedoOutlined />} loading={busy} onClick={rerun} data-testid="au-rerun">
            {t('automations.history.rerun')}
          </Button>
        )}
      </Flex>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('automations.history.status')}>
          <RunStatusTag status={r.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('automations.history.version')}>v{r.version}</Descriptions.Item>
        <Descriptions.Item label={t('automations.history.started')}>
          {formatTime(r.startedAt, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('automations.history.finished')}>
          {formatTime(r.finishedAt, i18n.language)}
        </Descriptions.Item>
        {r.error && (
          <Descriptions.Item label={t('automations.history.error')} span={2}>
            <Typography.Text type="danger">{r.error}</Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('automations.history.triggerData')}
      </Typography.Title>
      <TriggerRecord trigger={r.trigger} />
      <JsonBlock value={r.trigger} testId="au-run-trigger" />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('automations.history.steps')}
      </Typography.Title>
      <StepRuns steps={r.steps ?? []} testId="au-run-steps" />
    </Flex>
  );
}

/** The trigger's record by field names, when the run has one. */
function TriggerRecord({ trigger }: { trigger: unknown }) {
  const tr = trigger as { schemaCode?: unknown; record?: { data?: Record<string, unknown> } } | null;
  if (typeof tr?.schemaCode !== 'string' || !tr.record?.data) return null;
  return <RecordValues schemaCode={tr.schemaCode} data={tr.record.data} testId="au-run-record" />;
}
