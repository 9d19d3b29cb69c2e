import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../navigation/useAppNavigate';

export function BackToWorkbenchButton({ type = 'primary' }: { type?: ButtonProps['type'] }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <Button type={type} data-testid="back-to-workbench" onClick={() => navigate('/home')}>
      {t('common.backToWorkbench')}
    </Button>
  );
}
