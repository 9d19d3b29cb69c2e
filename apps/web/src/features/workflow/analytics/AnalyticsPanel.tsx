import { ReloadOutlined } from '@ant-design/icons';
import { WorkflowOpsEndpoints } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../shell/api/client';
import { errorText } from '../../../shell/api/form-errors';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { workflowKeys } from '../api/workflow-api';
import { flowStateKey } from '../components/FlowStateTag';
import { barsHeight, durationChart, durationParts, stateChart, waitingChart } from './analytics-model';
import { EChart } from './EChart';

/** A duration in words: 2 天 3 小时; under a minute, "不到 1 分钟". */
function Duration({ ms }: { ms: number }) {
  const { t } = useTranslation();
  const parts = durationParts(ms);
  if (!parts.length) return <>{t('workflow.analytics.underMinute')}</>;
  return <>{parts.map((p) => t(`workflow.analytics.unit.${p.unit}`, { count: p.value })).join(' ')}</>;
}

/**
 * The flow in figures (issue 10): instances by state, median and 90th-percentile time to finish,
 * time per node and per approver, and where running instances wait now.
 */
export function AnalyticsPanel() {
  const { t } = useTranslation();
  const schemaCode = useSearchParams()[0].get('schemaCode') ?? '';
  const { engineCode, appCode } = useAppWorkspace();
  const analytics = useQuery({
    queryKey: [...workflowKeys.flow(engineCode, appCode, schemaCode), 'analytics'],
    queryFn: () => call(WorkflowOpsEndpoints.analytics, { params: { appCode, schemaCode }, errors: 'inline' }),
    retry: false,
  });
  const labels = useMemo(
    () => ({
      median: t('workflow.analytics.median'),
      p90: t('workflow.analytics.p90'),
      hours: t('workflow.analytics.hours'),
      instances: t('workflow.analytics.instances'),
      stateName: (state: number, result: string) => t(flowStateKey(state, result)),
    }),
    [t],
  );
  const data = analytics.data;
  const options = useMemo(
    () =>
      data && {
        states: stateChart(data, labels),
        nodes: durationChart(
          data.nodes.map((n) => ({ name: n.activityName, medianMs: n.medianMs, p90Ms: n.p90Ms })),
          labels,
        ),
        approvers: durationChart(
          data.approvers.map((a) => ({ name: a.member.name, medianMs: a.medianMs, p90Ms: a.p90Ms })),
          labels,
        ),
        waiting: waitingChart(data, labels),
      },
    [data, labels],
  );

  if (analytics.isError)
    return (
      <Result
        status="warning"
        title={t('workflow.analytics.loadFailed')}
        subTitle={errorText(analytics.error)}
        extra={<Button onClick={() => void analytics.refetch()}>{t('common.retry')}</Button>}
        data-testid="wf-analytics-failed"
      />
    );
  if (!data || !options) return <Skeleton active style={{ padding: 32 }} />;

  const total = data.instancesByState.reduce((n, s) => n + s.count, 0);
  const none = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.analytics.noData')} />;
  return (
    <div style={{ padding: 24, maxWidth: 1280, margin: '0 auto' }} data-testid="wf-analytics">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          {t('workflow.analytics.computedAt', { time: dayjs(data.computedAt).format('YYYY-MM-DD HH:mm') })}
        </Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={() => void analytics.refetch()} loading={analytics.isFetching}>
          {t('common.refresh')}
        </Button>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('workflow.analytics.total')} value={total} />
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card>
            <Statistic
              title={t('workflow.analytics.medianToFinish', { count: data.timeToFinish.count })}
              valueRender={() => (data.timeToFinish.count ? <Duration ms={data.timeToFinish.medianMs} /> : '—')}
            />
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card>
            <Statistic
              title={t('workflow.analytics.p90ToFinish')}
              valueRender={() => (data.timeToFinish.count ? <Duration ms={data.timeToFinish.p90Ms} /> : '—')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('workflow.analytics.byState')}>
            {total ? <EChart option={options.states} testId="wf-chart-states" /> : none}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('workflow.analytics.waiting')}>
            {data.waiting.length ? (
              <>
                <EChart option={options.waiting} height={barsHeight(data.waiting.length)} testId="wf-chart-waiting" />
                <Table
                  size="small"
                  rowKey="activityCode"
                  pagination={false}
                  dataSource={data.waiting}
                  columns={[
                    { key: 'node', title: t('workflow.analytics.node'), dataIndex: 'activityName' },
                    { key: 'instances', title: t('workflow.analytics.instances'), dataIndex: 'instances' },
                    { key: 'items', title: t('workflow.analytics.openItems'), dataIndex: 'workItems' },
                    {
                      key: 'oldest',
                      title: t('workflow.analytics.oldestSince'),
                      render: (_, w) => (
                        <>
                          {dayjs(w.oldestSince).format('MM-DD HH:mm')}（
                          <Duration ms={Math.max(0, data.computedAt - w.oldestSince)} />）
                        </>
                      ),
                    },
                  ]}
                />
              </>
            ) : (
              none
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('workflow.analytics.perNode')}>
            {data.nodes.length ? (
              <EChart option={options.nodes} height={barsHeight(data.nodes.length)} testId="wf-chart-nodes" />
            ) : (
              none
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('workflow.analytics.perApprover')}>
            {data.approvers.length ? (
              <EChart
                option={options.approvers}
                height={barsHeight(data.approvers.length)}
                testId="wf-chart-approvers"
              />
            ) : (
              none
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
