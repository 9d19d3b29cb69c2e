import { Card, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';

/** Spec §3 to-do list filters: Todo 0, Done 1, Original 2 (initiated by me). */
const TASK_TYPES = ['todo', 'done', 'original'] as const;
type TaskType = (typeof TASK_TYPES)[number];

function isTaskType(value: string | undefined): value is TaskType {
  return TASK_TYPES.some((t) => t === value);
}

/** /todos/:taskType/* — my workflows. Work items come with workflows; until then each list is empty. */
export function TodosPage() {
  const { t } = useTranslation();
  const { taskType } = useParams();
  const navigate = useAppNavigate();
  if (!isTaskType(taskType)) return <Navigate to="/todos/todo" replace />;

  const labels: Record<TaskType, string> = {
    todo: t('pages.todos.tabTodo'),
    done: t('pages.todos.tabDone'),
    original: t('pages.todos.tabOriginal'),
  };
  const empty: Record<TaskType, string> = {
    todo: t('pages.todos.empty'),
    done: t('pages.todos.emptyDone'),
    original: t('pages.todos.emptyOriginal'),
  };
  return (
    <PageContainer title={t('pages.todos.title')} testId="todos-page">
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={taskType}
          onChange={(key) => navigate(`/todos/${key}`)}
          items={TASK_TYPES.map((type) => ({
            key: type,
            label: <span data-testid={`todos-tab-${type}`}>{labels[type]}</span>,
          }))}
        />
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty[taskType]} style={{ padding: '48px 0' }} />
      </Card>
    </PageContainer>
  );
}
