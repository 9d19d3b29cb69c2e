import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A matrix drawer that edits a draft: cancel, or save and close (it stays open when saving fails). */
export function SaveDrawer({
  title,
  width,
  testId,
  saving,
  disabled,
  onSave,
  onClose,
  children,
}: {
  title: ReactNode;
  width: number;
  testId: string;
  saving: boolean;
  disabled?: boolean;
  onSave: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      width={`min(${width}px, 100vw)`}
      title={title}
      onClose={onClose}
      data-testid={testId}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            disabled={disabled}
            loading={saving}
            onClick={() => onSave().then(onClose, () => undefined)}
            data-testid={testId.replace(/-drawer$/, '-save')}
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
