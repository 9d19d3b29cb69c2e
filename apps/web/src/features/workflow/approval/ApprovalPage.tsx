import { ArrowLeftOutlined } from '@ant-design/icons';
import { type InstanceDetail, ItemType, type ViewContext, WorkItemState } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Layout, Result, Row, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../shell/api/form-errors';
import { PageHeading } from '../../../shell/layout/PageHeading';
import { MAIN_CONTENT_ID, SkipLink } from '../../../shell/layout/SkipLink';
import { useDocumentTitle } from '../../../shell/layout/useDocumentTitle';
import { useGoBack } from '../../../shell/navigation/useAppNavigate';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tableKeys, tablesApi } from '../../tables/api/tables-api';
import { RecordForm } from '../../tables/records/RecordForm';
import { workflowApi, workflowKeys } from '../api/workflow-api';
import { FlowStateTag } from '../components/FlowStateTag';
import { FlowTimeline } from '../components/FlowTimeline';
import { ActionBar } from './ActionBar';

/**
 * /workflow/:appCode/approval?instanceId=&workitemId= (a workflow sub-page: no shell header, no app
 * header): the record as the node shows it, the actions this work item allows with the comment box,
 * and the timeline. Driven by the view context (spec §7).
 */
export function ApprovalPage() {
  const { t } = useTranslation();
  const { engineCode } = useAppWorkspace();
  const [search] = useSearchParams();
  const instanceId = search.get('instanceId') ?? '';
  const workItemId = search.get('workitemId') ?? '';
  const goBack = useGoBack();
  const context = useQuery({
    queryKey: workflowKeys.viewContext(engineCode, instanceId, workItemId),
    queryFn: () => workflowApi.viewContext(instanceId, workItemId || undefined),
    enabled: Boolean(instanceId),
    retry: false,
  });
  const detail = useQuery({
    queryKey: workflowKeys.instance(engineCode, instanceId),
    queryFn: () => workflowApi.instance(instanceId),
    enabled: Boolean(instanceId),
    retry: false,
  });
  const ctx = context.data;
  useDocumentTitle(
    ctx ? `${ctx.instance.workflowName} - ${t('workflow.approval.title')}` : t('workflow.approval.title'),
  );

  let body: ReactNode;
  if (!instanceId) body = <Result status="warning" title={t('workflow.approval.missingInstance')} />;
  else if (context.isError)
    body = (
      <Result
        status="warning"
        title={t('workflow.approval.loadFailed')}
        subTitle={errorText(context.error)}
        extra={<Button onClick={() => void context.refetch()}>{t('common.retry')}</Button>}
        data-testid="approval-load-failed"
      />
    );
  else if (!ctx) body = <Skeleton active style={{ padding: 24 }} />;
  else
    body = (
      <ApprovalBody
        ctx={ctx}
        detail={detail.data}
        onChanged={async () => {
          await Promise.all([context.refetch(), detail.refetch()]);
        }}
      />
    );

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="approval-page">
      <SkipLink />
      <Flex
        align="center"
        gap={12}
        style={{ height: 56, padding: '0 20px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}
      >
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={goBack} aria-label={t('workflow.approval.back')} />
        <PageHeading look={5} style={{ margin: 0 }} ellipsis data-testid="approval-title">
          {ctx ? ctx.instance.workflowName || t('workflow.approval.title') : t('workflow.approval.title')}
          {ctx?.record?.title ? ` · ${ctx.record.title}` : ''}
        </PageHeading>
        {ctx && <FlowStateTag state={ctx.instance.instanceState} result={ctx.instance.result} />}
        {ctx && (
          <Typography.Text type="secondary" style={{ marginInlineStart: 'auto', fontSize: 13 }}>
            {t('workflow.approval.originator')}：{ctx.instance.originator.name}
            {ctx.instance.startedAt > 0 &&
              ` · ${t('workflow.approval.startedAt')}：${dayjs(ctx.instance.startedAt).format('YYYY-MM-DD HH:mm')}`}
          </Typography.Text>
        )}
      </Flex>
      <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: 24 }}>
        {body}
      </Layout.Content>
    </Layout>
  );
}

/** The words of "你已同意 · 10:32" per action the asker completed their item with. */
const MINE = ['approve', 'reject', 'revert', 'submit', 'transfer', 'addSigner', 'read'] as const;

function StatusBanner({ ctx, detail }: { ctx: ViewContext; detail: InstanceDetail | undefined }) {
  const { t } = useTranslation();
  const item = ctx.workItem;
  // The asker completed this item themselves: a success, and the form is read-only now.
  if (item && ctx.workItemState === WorkItemState.Done) {
    const done = detail?.workItems.find((w) => w.workItemId === item.workItemId);
    const action = MINE.find((a) => a === done?.action) ?? 'other';
    const time = done?.finishTime ? dayjs(done.finishTime) : null;
    return (
      <Alert
        type="success"
        showIcon
        title={t(`workflow.approval.mine.${action}`, {
          time: time ? time.format(time.isSame(dayjs(), 'day') ? 'HH:mm' : 'YYYY-MM-DD HH:mm') : '',
        }).replace(/ · $/, '')}
        description={t('workflow.approval.mineHint')}
        style={{ marginBottom: 16 }}
        data-testid="approval-mine-done"
      />
    );
  }
  // Closed without the asker: someone else decided first, or the flow moved on or ended.
  if (item && ctx.workItemState !== WorkItemState.Todo)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('workflow.approval.handled')}
        description={t('workflow.approval.handledHint')}
        style={{ marginBottom: 16 }}
        data-testid="approval-handled"
      />
    );
  if (item && item.itemType === ItemType.Circulate)
    return <Alert type="info" showIcon title={t('workflow.approval.copy')} style={{ marginBottom: 16 }} />;
  if (!item)
    return (
      <Alert
        type="info"
        showIcon
        title={t('workflow.approval.viewing')}
        description={t('workflow.approval.viewingHint')}
        style={{ marginBottom: 16 }}
        data-testid="approval-viewing"
      />
    );
  return null;
}

function ApprovalBody({
  ctx,
  detail,
  onChanged,
}: {
  ctx: ViewContext;
  detail: Awaited<ReturnType<typeof workflowApi.instance>> | undefined;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { engineCode, appCode } = useAppWorkspace();
  const schemaCode = ctx.instance.schemaCode;
  const p = { appCode, schemaCode };
  const tableKey = tableKeys.table(engineCode, appCode, schemaCode);
  // The view context carries the table and form as the node shows them (the asker may have no app role).
  const schemaQuery = useQuery({
    queryKey: tableKeys.schema(engineCode, appCode, schemaCode),
    queryFn: () => tablesApi.schema(p),
    enabled: !ctx.schema,
  });
  const formQuery = useQuery({
    queryKey: tableKeys.form(engineCode, appCode, schemaCode),
    queryFn: () => tablesApi.form(p),
    enabled: !ctx.form,
  });
  const schema = { data: ctx.schema ?? schemaQuery.data };
  const form = { data: ctx.form ?? formQuery.data };
  const fields = schema.data?.fields ?? [];
  const startCode = detail?.timeline.find((e) => e.action === 'create' || e.action === 'submit')?.activityCode ?? '';
  const record = ctx.record;
  // Fields are edited only on an open task of the asker's own; otherwise every field is read-only.
  const item = ctx.workItem;
  const editing = item !== null && ctx.workItemState === WorkItemState.Todo && item.itemType !== ItemType.Circulate;
  const flowRules = editing
    ? ctx.fieldRules
    : Object.fromEntries(Object.keys(ctx.fieldRules).map((code) => [code, 'readonly' as const]));
  const path = useQuery({
    queryKey: workflowKeys.path(engineCode, ctx.instance.instanceId),
    queryFn: () => workflowApi.instancePath(ctx.instance.instanceId),
    retry: false,
  });

  let formCard: ReactNode;
  if (!record)
    formCard = (
      <>
        <Result status="404" title={t('workflow.approval.noRecord')} />
        <ActionBar context={ctx} startCode={startCode} tableKey={tableKey} onChanged={onChanged} />
      </>
    );
  else if (!schema.data || !form.data) formCard = <Skeleton active />;
  else
    formCard = (
      <RecordForm
        key={`${record.id}-${record.version}-${ctx.workItemState}-${ctx.actions.length}`}
        p={p}
        tableKey={tableKey}
        fields={schema.data.fields}
        layout={form.data}
        record={record}
        flowRules={flowRules}
        actions={(formActions) => (
          <ActionBar context={ctx} startCode={startCode} form={formActions} tableKey={tableKey} onChanged={onChanged} />
        )}
      />
    );

  return (
    <Row gutter={[16, 16]} style={{ maxWidth: 1280, margin: '0 auto' }}>
      <Col xs={24} lg={15}>
        <StatusBanner ctx={ctx} detail={detail} />
        <Card
          title={ctx.activityName || t('workflow.approval.form')}
          extra={
            <Typography.Text type="secondary">
              {t('workflow.approval.version', { version: ctx.instance.workflowVersion })}
            </Typography.Text>
          }
          data-testid="approval-form"
        >
          {formCard}
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        <Card title={t('workflow.approval.timeline')} data-testid="approval-timeline">
          {detail ? (
            <FlowTimeline entries={detail.timeline} workItems={detail.workItems} fields={fields} ahead={path.data} />
          ) : (
            <Skeleton active />
          )}
        </Card>
      </Col>
    </Row>
  );
}
