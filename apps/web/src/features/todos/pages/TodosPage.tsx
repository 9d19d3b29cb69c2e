import {
  type TodoGroup,
  type TodoListBody,
  type TodoListItem,
  type TodoTaskType,
  TodoTaskTypes,
} from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Input, Layout, Select, Space, Table, Tabs, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useSession } from '../../../shell/session/session-context';
import { approvalPath } from '../../workflow/components/approval-link';
import { todoKeys, todosApi } from '../api/todos-api';
import { TodoGroups } from '../components/TodoGroups';
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
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const engineCode = useSession().current?.engineCode ?? '';
  const [group, setGroup] = useState<TodoGroup>({ kind: 'all' });
  const [sort, setSort] = useState<Sort>('receiveDesc');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [approving, setApproving] = useState(false);
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
    commentRequired: t('pages.todos.needsComment'),
    notApproval: t('pages.todos.notApproval'),
    handled: t('pages.todos.handled'),
  };
  const sorts = taskType === 'done' ? SORTS : SORTS.slice(0, 2);

  const open = (item: TodoListItem) =>
    navigate(
      approvalPath(item.appCode, item.instanceId, taskType === 'original' ? undefined : item.todos[0]?.workItemId),
    );

  const approveSelected = async () => {
    setApproving(true);
    try {
      const { results } = await todosApi.batchApprove({ workItemIds: selected });
      const failed = results.filter((r) => !r.ok);
      const ok = results.length - failed.length;
      if (failed.length)
        message.warning(t('pages.todos.batchPartly', { ok, failed: failed.length, reason: failed[0]?.errorMessage }));
      else message.success(t('pages.todos.batchDone', { ok }));
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: todoKeys.all });
    } finally {
      setApproving(false);
    }
  };

  return (
    <PageContainer title={t('pages.todos.title')} testId="todos-page">
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
          <Layout.Content style={{ minWidth: 0 }}>
            <Flex gap={8} wrap style={{ marginBottom: 12 }} justify="space-between">
              <Space wrap>
                <Input.Search
                  allowClear
                  placeholder={t('pages.todos.searchPlaceholder')}
                  onSearch={(v) => setKeyword(v.trim())}
                  style={{ width: 260 }}
                  data-testid="todos-search"
                />
                <Select
                  value={sort}
                  onChange={setSort}
                  style={{ width: 140 }}
                  options={sorts.map((s) => ({ value: s, label: t(`pages.todos.sort.${s}`) }))}
                  data-testid="todos-sort"
                />
              </Space>
              {taskType === 'todo' && (
                <Button
                  type="primary"
                  disabled={!selected.length}
                  loading={approving}
                  onClick={() => void approveSelected()}
                  data-testid="todos-batch-approve"
                >
                  {t('pages.todos.batchApprove', { count: selected.length })}
                </Button>
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
              onRow={(item) => ({ onClick: () => open(item), style: { cursor: 'pointer' } })}
              rowSelection={
                taskType === 'todo'
                  ? {
                      selectedRowKeys: selected,
                      onChange: (keys) => setSelected(keys.map(String)),
                      getCheckboxProps: (item) => ({
                        disabled: item.batchApprove !== 'ok',
                        title: reason[item.batchApprove],
                      }),
                      renderCell: (_checked, item, _i, node) =>
                        item.batchApprove === 'ok' ? node : <Tooltip title={reason[item.batchApprove]}>{node}</Tooltip>,
                    }
                  : undefined
              }
              columns={[
                {
                  title: t('pages.todos.colFlow'),
                  key: 'flow',
                  render: (_, item) => (
                    <div data-testid="todos-row">
                      <Typography.Text strong>{item.workflowName || item.schemaName}</Typography.Text>
                      <br />
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {[item.appName, item.schemaName].filter(Boolean).join(' / ')}
                      </Typography.Text>
                    </div>
                  ),
                },
                {
                  title: t('pages.todos.colNode'),
                  key: 'node',
                  render: (_, item) => item.todos.map((a) => a.activityName).join('、'),
                },
                {
                  title: t('pages.todos.colParticipants'),
                  key: 'participants',
                  render: (_, item) =>
                    [...new Set(item.todos.flatMap((a) => a.participants.map((p) => p.name)))].join('、'),
                },
                { title: t('pages.todos.colOriginator'), key: 'originator', render: (_, item) => item.originator.name },
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
          </Layout.Content>
        </Layout>
      </Card>
    </PageContainer>
  );
}
