import { AuditOutlined } from '@ant-design/icons';
import { Limits } from '@canopy/contract';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';

/**
 * "My workflows" in the header with the to-do badge (99+ above 99). There is no to-do count API
 * yet, so the count is 0 (no badge) rather than an invented number.
 */
export function TodoEntry() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const count = 0;
  return (
    <Tooltip title={t('header.myWorkflows')}>
      <Badge count={count} overflowCount={Limits.todoBadgeMax} size="small" offset={[-6, 6]}>
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
