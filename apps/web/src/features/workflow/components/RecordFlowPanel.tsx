import { type FieldInfo, InstanceState } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Empty, Flex, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { workflowApi, workflowKeys } from '../api/workflow-api';
import { approvalPath } from './approval-link';
import { FlowStateTag } from './FlowStateTag';
import { FlowTimeline } from './FlowTimeline';

interface Props {
  engineCode: string;
  p: { appCode: string; schemaCode: string };
  recordId: string;
  /** Changes whenever the record does, so its flow is read again. */
  version: number;
  fields: FieldInfo[];
  /** The table has a published flow: a record never submitted may be submitted from here. */
  canStart: boolean;
  tableKey: readonly unknown[];
}

/** A record's flow in its detail: state, where it waits, the asker's open tasks and the timeline. */
export function RecordFlowPanel({ engineCode, p, recordId, version, fields, canStart, tableKey }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const flow = useQuery({
    queryKey: [...workflowKeys.recordFlow(engineCode, p.appCode, p.schemaCode, recordId), version],
    queryFn: () => workflowApi.recordInstance(p, recordId),
  });
  if (flow.isLoading) return <Skeleton active />;
  if (flow.isError) return <Empty description={errorText(flow.error)} />;
  const detail = flow.data;
  if (!detail)
    return (
      <Empty description={t('workflow.record.noFlow')} data-testid="record-no-flow">
        {canStart && (
          <Button
            type="primary"
            onClick={() =>
              modal.confirm({
                title: t('workflow.record.startConfirm'),
                onOk: async () => {
                  try {
                    await workflowApi.start({ appCode: p.appCode, schemaCode: p.schemaCode, recordId });
                    message.success(t('workflow.record.submitted'));
                    await queryClient.invalidateQueries({ queryKey: tableKey });
                    await flow.refetch();
                  } catch (error) {
                    message.error(errorText(error));
                  }
                },
              })
            }
            data-testid="record-start-flow"
          >
            {t('workflow.record.startFlow')}
          </Button>
        )}
      </Empty>
    );

  const { instance } = detail;
  const open = (workItemId?: string) => navigate(approvalPath(p.appCode, instance.instanceId, workItemId));
  return (
    <div data-testid="record-flow">
      <Flex justify="space-between" align="flex-start" gap={12} style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={2}
          items={[
            {
              key: 'state',
              label: t('workflow.column.flowState'),
              children: <FlowStateTag state={instance.instanceState} result={instance.result} />,
            },
            {
              key: 'node',
              label: t('workflow.approval.currentNode'),
              children: instance.currentNodes.map((n) => n.activityName).join('、') || '—',
            },
            { key: 'originator', label: t('workflow.approval.originator'), children: instance.originator.name },
            {
              key: 'started',
              label: t('workflow.approval.startedAt'),
              children: instance.startedAt ? dayjs(instance.startedAt).format('YYYY-MM-DD HH:mm') : '—',
            },
          ]}
        />
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          {detail.myWorkItems.map((w) => (
            <Button
              key={w.workItemId}
              type="primary"
              onClick={() => open(w.workItemId)}
              data-testid="record-flow-handle"
            >
              {instance.instanceState === InstanceState.Initiated
                ? t('workflow.record.continueDraft')
                : `${t('workflow.record.handle')} · ${w.activityName}`}
            </Button>
          ))}
          <Button onClick={() => open()} data-testid="record-flow-open">
            {t('workflow.record.openFlow')}
          </Button>
        </Space>
      </Flex>
      <Typography.Title level={5}>{t('workflow.approval.timeline')}</Typography.Title>
      <FlowTimeline entries={detail.timeline} workItems={detail.workItems} fields={fields} />
    </div>
  );
}
