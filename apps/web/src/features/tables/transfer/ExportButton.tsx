import { DownloadOutlined } from '@ant-design/icons';
import type { ExportFormat } from '@canopy/contract';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { downloadExport } from './transfer-api';

interface Props {
  p: { appCode: string; schemaCode: string };
  /** The open view: the export follows its filter, sorts and shown columns. */
  viewCode?: string;
  search?: string;
}

/** 导出: the current view as xlsx or CSV, as this member may see it. */
export function ExportButton({ p, viewCode, search }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    const hide = message.loading(t('transfer.exporting'), 0);
    try {
      await downloadExport(p, { format, ...(viewCode ? { view: viewCode } : {}), ...(search ? { search } : {}) });
      message.success(t('transfer.exported'));
    } catch (error) {
      message.error(errorText(error));
    } finally {
      hide();
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      disabled={busy}
      menu={{
        items: [
          { key: 'xlsx', label: t('transfer.exportXlsx') },
          { key: 'csv', label: t('transfer.exportCsv') },
        ],
        onClick: ({ key }) => void run(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} data-testid="export-button">
        {t('transfer.export')}
      </Button>
    </Dropdown>
  );
}
