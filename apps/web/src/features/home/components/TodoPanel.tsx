import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../shell/navigation/AppLink';

/**
 * The to-do panel (spec §2 Home, left). To-dos come with workflows; there is no to-do API yet, so
 * the panel shows the spec's empty state rather than invented tasks.
 */
export function TodoPanel() {
  const { t } = useTranslation();
  return (
    <Card
      title={t('home.todoPanelTitle')}
      extra={
        <AppLink to="/todos/todo" data-testid="todo-panel-view-all">
          {t('common.viewAll')}
        </AppLink>
      }
      data-testid="todo-panel"
      styles={{ body: { minHeight: 240, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
    >
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.todoEmpty')} />
    </Card>
  );
}
