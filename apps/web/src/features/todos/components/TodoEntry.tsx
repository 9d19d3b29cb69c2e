import { AuditOutlined } from '@ant-design/icons';
import { Limits } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useSession } from '../../../shell/session/session-context';
import { todoKeys, todosApi } from '../api/todos-api';

/** "My workflows" in the header with the to-do count as a badge ("99+" above 99, spec §9). */
export function TodoEntry() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const engineCode = useSession().current?.engineCode ?? '';
  const count = useQuery({
    queryKey: todoKeys.count(engineCode),
    queryFn: () => todosApi.count(),
    enabled: Boolean(engineCode),
  });
  return (
    <Tooltip title={t('header.myWorkflows')}>
      <Badge
        count={count.data ?? 0}
        overflowCount={Limits.todoBadgeMax}
        size="small"
        offset={[-6, 6]}
        data-testid="header-todo-badge"
      >
        <Button
          type="text"
          shape="circle"
          className="canopy-header-icon"
          icon={<AuditOutlined />}
          aria-label={t('header.myWorkflows')}
          data-testid="header-todo"
          data-tour="todo"
          onClick={() => navigate('/todos/todo')}
        />
      </Badge>
    </Tooltip>
  );
}
