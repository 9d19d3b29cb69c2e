import { App, Flex, Modal, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../shell/api/form-errors';
import { downloadPackage } from '../../api/packages-api';

/** 导出安装包: the app as a zip, with its records and files when 包含数据 is on. */
export function ExportPackageDialog({ appCode, onClose }: { appCode: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [withData, setWithData] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadPackage(appCode, withData);
      message.success(t('packages.exported'));
      onClose();
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('packages.exportTitle')}
      okText={busy ? t('packages.exporting') : t('packages.export')}
      onOk={() => void run()}
      okButtonProps={{ loading: busy, id: 'package-export' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={16} data-testid="export-package-dialog">
        <Typography.Text type="secondary">{t('packages.exportIntro')}</Typography.Text>
        <Flex align="center" gap={8}>
          <Switch
            checked={withData}
            onChange={setWithData}
            aria-label={t('packages.includeData')}
            data-testid="package-include-data"
          />
          <Typography.Text>{t('packages.includeData')}</Typography.Text>
          <Typography.Text type="secondary">{t('packages.includeDataHint')}</Typography.Text>
        </Flex>
      </Flex>
    </Modal>
  );
}
