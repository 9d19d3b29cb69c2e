import { isPageUrl, type PageBlock, type PageLink, type TodoListItem } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, List, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PluginModal } from '../../../shell/dialogs/PluginModal';
import { AppLink } from '../../../shell/navigation/AppLink';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { RichTextView } from '../../apps/components/intro/RichTextView';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { dashboardKeys, dashboardsApi } from '../../dashboards/api/dashboards-api';
import { WidgetCard } from '../../dashboards/components/WidgetCard';
import { todoKeys, todosApi } from '../../todos/api/todos-api';
import {
  lookAlikes,
  subjectTitle,
  summaryText,
  TodoSubjectLines,
  type TodoSubjectOf,
} from '../../todos/components/TodoSubject';
import { approvalPath } from '../../workflow/components/approval-link';
import { insidePath } from '../page-model';
import { BlockError, ViewBlock } from './ViewBlock';

/** What one block shows, by its kind; every read goes through the viewer's own rules. */
export function BlockContent({ block }: { block: PageBlock }) {
  switch (block.kind) {
    case 'text':
      return <TextBlock html={block.html ?? ''} />;
    case 'image':
      return <ImageBlock block={block} />;
    case 'view':
      return <ViewBlock block={block} />;
    case 'widget':
      return <WidgetBlock block={block} />;
    case 'button':
      return <ButtonBlock block={block} />;
    case 'todos':
      return <TodosBlock />;
    case 'links':
      return <LinksBlock block={block} />;
    case 'embed':
      return <EmbedBlock block={block} />;
  }
}

/** Rich text, sanitized by the server on save and again by the view before it is shown. */
function TextBlock({ html }: { html: string }) {
  return <RichTextView html={html} testId="text-block" />;
}

function ImageBlock({ block }: { block: PageBlock }) {
  return (
    <Flex align="center" justify="center" style={{ height: '100%' }}>
      <img
        src={`/v1/files/${encodeURIComponent(block.fileId ?? '')}`}
        alt={block.title}
        style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        data-testid="image-block"
      />
    </Flex>
  );
}

/** A chart or figure of one of the app's dashboards, computed for this viewer (their rules apply). */
function WidgetBlock({ block }: { block: PageBlock }) {
  const { t } = useTranslation();
  const { engineCode, appCode } = useAppWorkspace();
  const code = block.dashboardCode ?? '';
  const dashboard = useQuery({
    queryKey: dashboardKeys.dashboard(engineCode, appCode, code),
    queryFn: () => dashboardsApi.get({ appCode, code }),
    retry: false,
  });
  if (dashboard.error) return <BlockError error={dashboard.error} />;
  if (!dashboard.data) return <Skeleton active />;
  const widget = dashboard.data.widgets.find((w) => w.id === block.widgetId);
  if (!widget) return <Result status="warning" title={t('customPages.widgetGone')} style={{ padding: 16 }} />;
  return (
    <div style={{ height: '100%' }} data-testid="widget-block">
      <WidgetCard dashboardCode={code} widget={widget} designing={false} />
    </div>
  );
}

/** Opens a table's add form (the table page's drawer) or one of its views. */
function ButtonBlock({ block }: { block: PageBlock }) {
  const { appCode } = useAppWorkspace();
  const navigate = useAppNavigate();
  const table = `/app/${encodeURIComponent(appCode)}/${encodeURIComponent(block.schemaCode ?? '')}`;
  const target =
    block.action === 'add'
      ? `${table}?add=1`
      : block.viewCode
        ? `${table}/${encodeURIComponent(block.viewCode)}`
        : table;
  return (
    <Flex align="center" justify="center" style={{ height: '100%' }}>
      <Button type="primary" size="large" onClick={() => navigate(target)} data-testid="button-block">
        {block.title}
      </Button>
    </Flex>
  );
}

/** The viewer's own pending work items of this app. */
function TodosBlock() {
  const { t } = useTranslation();
  const { engineCode, appCode } = useAppWorkspace();
  const body = {
    taskType: 'todo' as const,
    pageSize: 10,
    pageIndex: 0,
    group: { kind: 'app' as const, appCode },
  };
  const list = useQuery({
    queryKey: todoKeys.list(engineCode, body),
    queryFn: () => todosApi.list(body),
    retry: false,
  });
  if (list.error) return <BlockError error={list.error} />;
  if (!list.data) return <Skeleton active />;
  if (!list.data.resultList.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customPages.noTodos')} />;
  const items = list.data.resultList;
  const subjectOf = (item: TodoListItem): TodoSubjectOf => ({
    applicant: item.originator.name,
    schemaName: item.schemaName || item.workflowName,
    about: item.about,
    activityName: item.todos[0]?.activityName ?? '',
    receivedAt: item.todos[0]?.receiveTime ?? 0,
    startedAt: item.createTime,
  });
  const alike = lookAlikes(
    items,
    (i) => i.instanceId,
    (i) => `${subjectTitle(t, subjectOf(i))}\n${summaryText(t, i.about)}`,
  );
  const now = Date.now();
  return (
    <List
      size="small"
      dataSource={items}
      data-testid="todos-block"
      renderItem={(item) => (
        <List.Item>
          <List.Item.Meta
            title={
              <AppLink
                to={approvalPath(item.appCode, item.instanceId, item.todos[0]?.workItemId)}
                className="canopy-todo-title"
              >
                {subjectTitle(t, subjectOf(item))}
              </AppLink>
            }
            description={
              <TodoSubjectLines subject={subjectOf(item)} distinguish={alike.has(item.instanceId)} now={now} />
            }
          />
        </List.Item>
      )}
    />
  );
}

function LinksBlock({ block }: { block: PageBlock }) {
  const navigate = useAppNavigate();
  const [framed, setFramed] = useState<PageLink | null>(null);
  return (
    <>
      <List
        size="small"
        dataSource={block.links ?? []}
        data-testid="links-block"
        renderItem={(link) => {
          const path = insidePath(link.url);
          return (
            <List.Item>
              {link.openIn === 'modal' ? (
                <Typography.Link onClick={() => setFramed(link)}>{link.title}</Typography.Link>
              ) : path ? (
                <Typography.Link onClick={() => navigate(path)}>{link.title}</Typography.Link>
              ) : !isPageUrl(link.url, false) ? (
                // Neither a path of this site nor an http(s) address (saved before the server checked).
                <Typography.Text>{link.title}</Typography.Text>
              ) : (
                <Typography.Link href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.title}
                </Typography.Link>
              )}
            </List.Item>
          );
        }}
      />
      {framed && <PluginModal url={framed.url} title={framed.title} onClose={() => setFramed(null)} />}
    </>
  );
}

/**
 * Another site's page, framed the way the plugin modal frames one: sandboxed (its scripts run in its
 * own origin, it cannot navigate this page), no referrer, and only http(s) addresses (the server checks).
 */
function EmbedBlock({ block }: { block: PageBlock }) {
  return (
    <iframe
      src={block.url}
      title={block.title}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: '100%', border: 0 }}
      data-testid="embed-block"
    />
  );
}
