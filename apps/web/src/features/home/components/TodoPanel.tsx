import { Limits, type TodoPageBody, type TodoPanelItem } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainCard } from '../../../shell/layout/PlainCard';
import { PlainList, PlainListItem } from '../../../shell/layout/PlainList';
import { AppLink } from '../../../shell/navigation/AppLink';
import { useSession } from '../../../shell/session/session-context';
import { todoKeys, todosApi } from '../../todos/api/todos-api';
import { DelegatedFromTag } from '../../todos/components/DelegatedFromTag';
import {
  lookAlikes,
  subjectTitle,
  summaryText,
  TodoSubjectLines,
  type TodoSubjectOf,
} from '../../todos/components/TodoSubject';
import { approvalPath } from '../../workflow/components/approval-link';
import { formatMinute } from '../lib/format-minute';

/** Spec §7: the panel's to-do page asks for the member's 6 newest open items, exactly these parameters. */
const panelBody = (participantId: string): TodoPageBody => ({
  participantId,
  appCodes: [],
  schemaCodes: [],
  state: 0,
  pageSize: Limits.todoPanelSize,
  pageIndex: 0,
  sortDirection: 1,
});

/**
 * The to-do panel (spec §2 Home, left): the newest open items with their flow, originator and
 * receive time; a click opens the approval view. Its key is under `['todos']`, so handling an item
 * (or the live channel) refreshes it.
 */
export function TodoPanel() {
  const { t } = useTranslation();
  const current = useSession().current;
  const engineCode = current?.engineCode ?? '';
  const request = panelBody(current?.memberId ?? '');
  const page = useQuery({
    queryKey: todoKeys.panel(engineCode, request),
    queryFn: () => todosApi.page(request),
    enabled: Boolean(current?.memberId),
  });
  const items = page.data?.resultList ?? [];
  const subjectOf = (item: TodoPanelItem): TodoSubjectOf => ({
    applicant: item.originator.name,
    schemaName: item.schemaName || item.workflowName,
    about: item.about,
    activityName: item.activityName,
    receivedAt: item.createTime,
    startedAt: item.createTime,
  });
  const alike = lookAlikes(
    items,
    (i) => i.workItemId,
    (i) => `${subjectTitle(t, subjectOf(i))}\n${summaryText(t, i.about)}`,
  );
  const now = Date.now();
  let body: React.ReactNode;
  if (page.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (!items.length)
    body = (
      <div style={{ minHeight: 200, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.todoEmpty')} />
      </div>
    );
  else
    body = (
      <PlainList>
        {items.map((item) => (
          <PlainListItem key={item.workItemId} data-testid="todo-panel-item">
            <AppLink
              to={approvalPath(item.appCode, item.workflowInstance.instanceId, item.workItemId)}
              className="canopy-todo-title"
              style={{ display: 'block', width: '100%', minWidth: 0 }}
            >
              <Flex align="center" style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis style={{ display: 'block' }} data-testid="todo-panel-title">
                  {subjectTitle(t, subjectOf(item))}
                </Typography.Text>
                <DelegatedFromTag from={item.delegatedFrom} />
              </Flex>
              <TodoSubjectLines subject={subjectOf(item)} distinguish={alike.has(item.workItemId)} now={now} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="todo-panel-received">
                {t('home.todoReceived', { time: formatMinute(item.createTime) })}
              </Typography.Text>
            </AppLink>
          </PlainListItem>
        ))}
      </PlainList>
    );
  return (
    <PlainCard
      title={t('home.todoPanelTitle')}
      extra={
        <AppLink to="/todos/todo" data-testid="todo-panel-view-all">
          {t('common.viewAll')}
        </AppLink>
      }
      data-testid="todo-panel"
      styles={{ body: { minHeight: 240, paddingTop: 4, paddingBottom: 4 } }}
    >
      {body}
    </PlainCard>
  );
}
