import {
  type TodoGroup,
  type TodoListBody,
  type TodoListItem,
  type TodoTaskType,
  TodoTaskTypes,
} from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Input, Layout, Select, Space, Table, Tabs, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { AppLink } from '../../../shell/navigation/AppLink';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useSession } from '../../../shell/session/session-context';
import { approvalPath } from '../../workflow/components/approval-link';
import { todoKeys, todosApi } from '../api/todos-api';
import { type BatchAction, BatchDialog, type BatchEntry } from '../components/BatchDialog';
import { DelegatedFromTag } from '../components/DelegatedFromTag';
import { DelegationBanner, DelegationSettingsLink } from '../components/DelegationBanner';
import { TodoGroups } from '../components/TodoGroups';
import { lookAlikes, subjectTitle, summaryText, TodoSubjectLines, type TodoSubjectOf } from '../components/TodoSubject';
import { entryKey, useTodoList } from '../hooks/useTodoList';

const isTaskType = (v: string | undefined): v is TodoTaskType => TodoTaskTypes.some((t) => t === v);

/** Sort choices: latest/earliest to-do (receive time), latest/earliest finished. */
const SORTS = ['receiveDesc', 'receiveAsc', 'finishDesc', 'finishAsc'] as const;
type Sort = (typeof SORTS)[number];

/**
 * Spec §4: "started by me" asks with `originator` = me and state 0; the other lists with
 * `participantId` = me (done: state 1). Copies have no spec parameter: `taskType` says it.
 */
function listScope(taskType: TodoTaskType, memberId: string): Partial<TodoListBody> {
  if (taskType === 'original') return { originator: memberId, state: 0 };
  if (taskType === 'circulated') return { participantId: memberId, state: 0, taskType };
  return { participantId: memberId, state: taskType === 'done' ? 1 : 0 };
}

/** Spec §4 groups as paging parameters: an app's `appCodes`, a table's `schemaCodes`; "other" negates. */
function groupScope(g: TodoGroup): Partial<TodoListBody> {
  if (g.kind === 'app') return { appCodes: [g.appCode], schemaCodes: [] };
  if (g.kind === 'schema') return { appCodes: [g.appCode], schemaCodes: [g.schemaCode] };
  if (g.kind === 'other') return { appCodes: [], schemaCodes: [], group: g };
  return { appCodes: [], schemaCodes: [] };
}

/** /todos/:taskType/* — my workflows: to-do, done, started by me, copied to me. */
export function TodosPage() {
  const { taskType } = useParams();
  if (!isTaskType(taskType)) return <Navigate to="/todos/todo" replace />;
  return <TodoLists key={taskType} taskType={taskType} />;
}

function TodoLists({ taskType }: { taskType: TodoTaskType }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const engineCode = useSession().current?.engineCode ?? '';
  const [group, setGroup] = useState<TodoGroup>({ kind: 'all' });
  const [sort, setSort] = useState<Sort>('receiveDesc');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  // The dialog keeps the items it was opened with: the selection clears once the batch has run.
  const [batch, setBatch] = useState<{ action: BatchAction; entries: BatchEntry[] } | null>(null);
  const summary = useQuery({
    queryKey: todoKeys.summary(engineCode, taskType),
    queryFn: () => todosApi.summary(taskType),
  });
  const memberId = useSession().current?.memberId ?? '';
  const list = useTodoList({
    ...listScope(taskType, memberId),
    ...groupScope(group),
    matchers: { keyword },
    sortBy: sort.startsWith('finish') ? 'finish' : 'receive',
    sortDirection: sort.endsWith('Desc') ? 1 : 0,
  });

  const labels: Record<TodoTaskType, string> = {
    todo: t('pages.todos.tabTodo'),
    done: t('pages.todos.tabDone'),
    original: t('pages.todos.tabOriginal'),
    circulated: t('pages.todos.tabCirculated'),
  };
  const empty: Record<TodoTaskType, string> = {
    todo: t('pages.todos.empty'),
    done: t('pages.todos.emptyDone'),
    original: t('pages.todos.emptyOriginal'),
    circulated: t('pages.todos.emptyCirculated'),
  };
  const reason: Record<TodoListItem['batchApprove'], string> = {
    ok: '',
    commentRequired: '',
    notApproval: t('pages.todos.notApproval'),
    handled: t('pages.todos.handled'),
  };
  /** An open approval of mine: batch dialogs ask for the comment its node requires. */
  const selectable = (item: TodoListItem) => item.batchApprove === 'ok' || item.batchApprove === 'commentRequired';
  const sorts = taskType === 'done' ? SORTS : SORTS.slice(0, 2);

  const pathOf = (item: TodoListItem) =>
    approvalPath(item.appCode, item.instanceId, taskType === 'original' ? undefined : item.todos[0]?.workItemId);
  const subjectOf = (item: TodoListItem): TodoSubjectOf => ({
    applicant: item.originator.name,
    schemaName: item.schemaName || item.workflowName,
    about: item.about,
    activityName: item.todos.map((a) => a.activityName).join('、'),
    receivedAt: taskType === 'done' ? 0 : (item.todos[0]?.receiveTime ?? 0),
    startedAt: item.createTime,
  });
  const titleOf = (item: TodoListItem) => subjectTitle(t, subjectOf(item));
  const alike = lookAlikes(list.items, entryKey, (i) => `${titleOf(i)}\n${summaryText(t, i.about)}`);
  const now = Date.now();
  const chosen = list.items.filter((i) => selected.includes(entryKey(i)));
  const openBatch = (action: BatchAction) =>
    setBatch({
      action,
      entries: chosen.map((item) => ({ workItemId: entryKey(item), title: titleOf(item), item })),
    });

  return (
    <PageContainer title={t('pages.todos.title')} testId="todos-page" extra={<DelegationSettingsLink />}>
      <DelegationBanner />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={taskType}
          onChange={(key) => navigate(`/todos/${key}`)}
          items={TodoTaskTypes.map((type) => ({
            key: type,
            label: <span data-testid={`todos-tab-${type}`}>{labels[type]}</span>,
          }))}
        />
        <Layout style={{ background: 'transparent' }}>
          <Layout.Sider width={220} theme="light" style={{ marginInlineEnd: 16 }}>
            <TodoGroups
              summary={summary.data}
              value={group}
              onChange={(g) => {
                setGroup(g);
                setSelected([]);
              }}
            />
          </Layout.Sider>
          <section style={{ flex: 'auto', minWidth: 0 }}>
            <Flex gap={8} wrap style={{ marginBottom: 12 }} justify="space-between">
              <Space wrap>
                <Input.Search
                  allowClear
                  placeholder={t('pages.todos.searchPlaceholder')}
                  aria-label={t('pages.todos.searchPlaceholder')}
                  onSearch={(v) => setKeyword(v.trim())}
                  style={{ width: 260 }}
                  data-testid="todos-search"
                />
                <Select
                  value={sort}
                  onChange={setSort}
                  aria-label={t('pages.todos.sortLabel')}
                  style={{ width: 140 }}
                  options={sorts.map((s) => ({ value: s, label: t(`pages.todos.sort.${s}`) }))}
                  data-testid="todos-sort"
                />
              </Space>
              {taskType === 'todo' && (
                <Space>
                  <Button
                    type="primary"
                    disabled={!chosen.length}
                    onClick={() => openBatch('approve')}
                    data-testid="todos-batch-approve"
                  >
                    {t('pages.todos.batchApprove', { count: chosen.length })}
                  </Button>
                  <Button
                    danger
                    disabled={!chosen.length}
                    onClick={() => openBatch('reject')}
                    data-testid="todos-batch-reject"
                  >
                    {t('pages.todos.batchReject', { count: chosen.length })}
                  </Button>
                </Space>
              )}
            </Flex>
            <Table<TodoListItem>
              rowKey={entryKey}
              dataSource={list.items}
              loading={list.loading}
              pagination={false}
              size="middle"
              data-testid="todos-list"
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={keyword || group.kind !== 'all' ? t('pages.todos.noMatch') : empty[taskType]}
                  />
                ),
              }}
              // A click anywhere on the row opens it; the keyboard reaches it through the title's link.
              onRow={(item) => ({ onClick: () => navigate(pathOf(item)), style: { cursor: 'pointer' } })}
              rowSelection={
                taskType === 'todo'
                  ? {
                      selectedRowKeys: selected,
                      onChange: (keys) => setSelected(keys.map(String)),
                      getCheckboxProps: (item) =>
                        ({
                          disabled: !selectable(item),
                          title: reason[item.batchApprove],
                          'aria-label': t('pages.todos.selectRow', { title: titleOf(item) }),
                        }) as { disabled: boolean; title: string },
                      renderCell: (_checked, item, _i, node) =>
                        selectable(item) ? node : <Tooltip title={reason[item.batchApprove]}>{node}</Tooltip>,
                    }
                  : undefined
              }
              columns={[
                {
                  title: t('pages.todos.colFlow'),
                  key: 'flow',
                  render: (_, item) => (
                    <div data-testid="todos-row" style={{ minWidth: 0 }}>
                      <AppLink
                        to={pathOf(item)}
                        onClick={(e) => e.stopPropagation()}
                        className="canopy-todo-title"
                        data-testid="todos-row-link"
                      >
                        <Typography.Text strong>{titleOf(item)}</Typography.Text>
                      </AppLink>
                      <DelegatedFromTag from={item.delegatedFrom} />
                      <TodoSubjectLines subject={subjectOf(item)} distinguish={alike.has(entryKey(item))} now={now} />
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {[item.appName, item.schemaName].filter(Boolean).join(' / ')}
                      </Typography.Text>
                    </div>
                  ),
                },
                {
                  title: t('pages.todos.colParticipants'),
                  key: 'participants',
                  render: (_, item) =>
                    [...new Set(item.todos.flatMap((a) => a.participants.map((p) => p.name)))].join('、'),
                },
                {
                  title: taskType === 'done' ? t('pages.todos.colFinished') : t('pages.todos.colReceived'),
                  key: 'time',
                  render: (_, item) => {
                    const a = item.todos[0];
                    const at = taskType === 'done' ? a?.finishTime : (a?.receiveTime ?? item.createTime);
                    return at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '';
                  },
                },
              ]}
            />
            {batch && (
              <BatchDialog
                action={batch.action}
                entries={batch.entries}
                onClose={() => setBatch(null)}
                onDone={() => {
                  setSelected([]);
                  void queryClient.invalidateQueries({ queryKey: todoKeys.all });
                }}
              />
            )}
            {list.items.length > 0 && (
              <Flex justify="center" style={{ padding: 12 }}>
                {list.hasMore ? (
                  <Button onClick={() => void list.loadMore()} loading={list.loadingMore} data-testid="todos-more">
                    {t('pages.todos.loadMore')}
                  </Button>
                ) : (
                  <Typography.Text type="secondary">{t('pages.todos.noMore')}</Typography.Text>
                )}
              </Flex>
            )}
          </section>
        </Layout>
      </Card>
    </PageContainer>
  );
}
