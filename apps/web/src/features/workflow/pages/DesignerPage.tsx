import { ArrowLeftOutlined, CloudUploadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Result, Segmented, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useSearchParams } from 'react-router';
import { errorText } from '../../../shell/api/form-errors';
import { lazyPart } from '../../../shell/app/lazy-chunk';
import { PageHeading } from '../../../shell/layout/PageHeading';
import { ToolbarButton, ToolbarCompact, useToolbarFit } from '../../../shell/layout/toolbar-fit';
import { useDocumentTitle } from '../../../shell/layout/useDocumentTitle';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tableKeys, tablesApi } from '../../tables/api/tables-api';
import { FlowDesigner } from '../designer/FlowDesigner';
import { SummaryFieldsButton } from '../designer/SummaryFieldsButton';
import { useWorkflowDesign } from '../hooks/useWorkflowDesign';
import { VersionsPanel } from './VersionsPanel';

type Tab = 'design' | 'versions' | 'analytics';

// ECharts loads only when someone opens the analytics.
const AnalyticsPanel = lazyPart(
  () => import('../analytics/AnalyticsPanel').then((m) => m.AnalyticsPanel),
  <Skeleton active style={{ padding: 32 }} />,
);

/**
 * /workflow/:appCode?schemaCode=&viewCode=: the flow designer of one of the app's tables, for
 * members with the app's edit right. Without a table in the address the member picks one.
 */
export function DesignerPage() {
  const { t } = useTranslation();
  const { app, appCode, nodes, canEdit, nodesLoading } = useAppWorkspace();
  const [search, setSearch] = useSearchParams();
  const schemaCode = search.get('schemaCode') ?? '';
  const viewCode = search.get('viewCode') ?? '';
  const navigate = useAppNavigate();
  const tables = nodes.filter((n) => n.type === 'Schema');
  const table = tables.find((n) => n.code === schemaCode);
  useDocumentTitle(table ? t('workflow.designer.docTitle', { name: table.displayName }) : t('workflow.designer.title'));

  const pick = (code: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set('schemaCode', code);
      next.delete('viewCode');
      return next;
    });
  const back = () =>
    navigate(
      schemaCode
        ? `/app/${encodeURIComponent(appCode)}/${encodeURIComponent(schemaCode)}${viewCode ? `/${encodeURIComponent(viewCode)}` : ''}`
        : `/app/${encodeURIComponent(appCode)}`,
    );

  if (!canEdit)
    return (
      <Result
        status="403"
        title={t('workflow.designer.noEditRight')}
        data-testid="workflow-no-edit-right"
        extra={<Button onClick={back}>{t('common.back')}</Button>}
      />
    );

  return (
    <Flex vertical style={{ height: '100%' }} data-testid="workflow-designer">
      {table ? (
        <TableDesigner
          key={table.code}
          appName={app.displayName}
          schemaCode={table.code}
          tableName={table.displayName}
          tables={tables.map((n) => ({ value: n.code, label: n.displayName }))}
          onPick={pick}
          onBack={back}
        />
      ) : (
        <div style={{ maxWidth: 720, margin: '48px auto', width: '100%' }} data-testid="workflow-table-picker">
          <PageHeading>{t('workflow.designer.pickTableTitle', { app: app.displayName })}</PageHeading>
          {nodesLoading ? (
            <Skeleton active />
          ) : tables.length === 0 ? (
            <Empty description={t('workflow.designer.noTables')} />
          ) : (
            <Flex vertical gap={8}>
              {schemaCode && <Alert type="warning" showIcon title={t('workflow.designer.tableMissing')} />}
              {tables.map((n) => (
                <Button key={n.code} size="large" style={{ justifyContent: 'flex-start' }} onClick={() => pick(n.code)}>
                  {n.displayName}
                </Button>
              ))}
            </Flex>
          )}
        </div>
      )}
    </Flex>
  );
}

interface TableDesignerProps {
  appName: string;
  schemaCode: string;
  tableName: string;
  tables: { value: string; label: string }[];
  onPick: (code: string) => void;
  onBack: () => void;
}

function TableDesigner({ appName, schemaCode, tableName, tables, onPick, onBack }: TableDesignerProps) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const { engineCode, appCode } = useAppWorkspace();
  const p = { appCode, schemaCode };
  const [tab, setTab] = useState<Tab>('design');
  const schema = useQuery({
    queryKey: tableKeys.schema(engineCode, appCode, schemaCode),
    queryFn: () => tablesApi.schema(p),
  });
  const design = useWorkflowDesign(engineCode, p);
  const { info, definition, dirty } = design;
  // One line in every language (issue 29): the app's name goes and the secondary buttons turn to icons first.
  const fit = useToolbarFit<HTMLDivElement>(3, `${i18n.language}|${tab}`);

  // Leaving with unsaved changes asks first (in-app navigation and closing the tab).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('workflow.designer.leaveTitle'),
      content: t('workflow.designer.leaveHint'),
      okText: t('workflow.designer.leave'),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const switchTable = (code: string) => {
    if (!dirty) return onPick(code);
    modal.confirm({
      title: t('workflow.designer.leaveTitle'),
      content: t('workflow.designer.leaveHint'),
      okText: t('workflow.designer.leave'),
      okButtonProps: { danger: true },
      onOk: () => {
        design.discard();
        onPick(code);
      },
    });
  };

  const save = async () => {
    if (await design.save()) message.success(t('workflow.designer.saved'));
  };
  const publish = async () => {
    const version = await design.publish();
    if (version) message.success(t('workflow.designer.published', { version: version.version }));
  };

  const data = info.data;
  let status = null;
  if (data) {
    status = dirty ? (
      <Tag color="orange" data-testid="wf-status">
        {t('workflow.designer.unsaved')}
      </Tag>
    ) : data.publishedVersion === 0 ? (
      <Tag data-testid="wf-status">{t('workflow.designer.neverPublished')}</Tag>
    ) : data.unpublishedChanges ? (
      <Tag color="gold" data-testid="wf-status">
        {t('workflow.designer.unpublished', { version: data.publishedVersion })}
      </Tag>
    ) : (
      <Tag color="green" data-testid="wf-status">
        {t('workflow.designer.upToDate', { version: data.publishedVersion })}
      </Tag>
    );
  }

  let body = null;
  if (info.isError || schema.isError)
    body = (
      <Result
        status="error"
        title={t('workflow.designer.loadFailed')}
        subTitle={errorText(info.error ?? schema.error)}
        extra={<Button onClick={() => void info.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (!definition || !schema.data) body = <Skeleton active style={{ padding: 32 }} />;
  else if (tab === 'design')
    body = (
      <FlowDesigner
        definition={definition}
        fields={schema.data.fields}
        schemaCode={schemaCode}
        onChange={design.change}
        serverProblems={design.refusal?.byId}
        refusalMessage={design.refusal?.message}
        onDismissRefusal={() => design.setRefusal(null)}
      />
    );
  else if (tab === 'analytics') body = <AnalyticsPanel />;
  else
    body = (
      <VersionsPanel
        p={p}
        fields={schema.data.fields}
        versions={data?.versions ?? []}
        onLoadAsDraft={(d) => {
          design.change(() => d);
          setTab('design');
        }}
      />
    );

  return (
    <>
      <Flex
        ref={fit.ref}
        align="center"
        gap={12}
        wrap={fit.wrap}
        style={{
          minHeight: 56,
          padding: fit.wrap ? '8px 16px' : '0 16px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          flex: 'none',
        }}
        data-testid="wf-toolbar"
        data-compact={fit.level}
      >
        <ToolbarCompact.Provider value={fit.level >= 1}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={onBack}
            aria-label={t('workflow.designer.back')}
            data-testid="wf-back"
          />
          {fit.level === 0 && (
            <>
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 160 }}>
                {appName}
              </Typography.Text>
              <Typography.Text type="secondary">/</Typography.Text>
            </>
          )}
          <Select
            value={schemaCode}
            options={tables}
            onChange={switchTable}
            style={{ minWidth: 160 }}
            variant="borderless"
            aria-label={t('workflow.designer.pickTable')}
            data-testid="wf-table-select"
          />
          {/* The page's h1 for screen readers: the flow's name is drawn by the editable text beside it. */}
          <PageHeading className="canopy-visually-hidden">{design.name || tableName}</PageHeading>
          <Typography.Text
            editable={{
              onChange: design.rename,
              maxLength: 64,
              tooltip: t('workflow.designer.rename'),
              triggerType: ['icon', 'text'],
            }}
            style={{ margin: 0, fontWeight: 500, whiteSpace: 'nowrap', flex: 'none' }}
            data-testid="wf-name"
          >
            {design.name || tableName}
          </Typography.Text>
          <Flex flex={1} justify="center">
            <Segmented<Tab>
              value={tab}
              onChange={setTab}
              options={[
                { value: 'design', label: t('workflow.designer.tabDesign') },
                { value: 'versions', label: t('workflow.designer.tabVersions') },
                { value: 'analytics', label: t('workflow.designer.tabAnalytics') },
              ]}
              data-testid="wf-tabs"
            />
          </Flex>
          {status}
          {definition && schema.data && (
            <SummaryFieldsButton definition={definition} fields={schema.data.fields} onChange={design.change} />
          )}
          <Space>
            <ToolbarButton
              icon={<SaveOutlined />}
              label={t('workflow.designer.save')}
              compact={fit.level >= 2}
              onClick={save}
              loading={design.busy === 'save'}
              disabled={!dirty || design.busy !== null}
              data-testid="wf-save"
            />
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              onClick={publish}
              loading={design.busy === 'publish'}
              disabled={!definition || design.busy !== null}
              data-testid="wf-publish"
            >
              {t('workflow.designer.publish')}
            </Button>
          </Space>
        </ToolbarCompact.Provider>
      </Flex>
      <div style={{ flex: 1, minHeight: 0, position: 'relative', overflow: 'auto' }}>{body}</div>
    </>
  );
}
