import { UploadOutlined } from '@ant-design/icons';
import type { FieldInfo } from '@canopy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarButton } from '../../../shell/layout/toolbar-fit';
import { ExportButton } from './ExportButton';
import { ImportDialog } from './ImportDialog';

interface Props {
  p: { appCode: string; schemaCode: string };
  fields: FieldInfo[];
  access: {
    accessPermission: { add: boolean; import: boolean; export: boolean };
    fieldAccess: Record<string, 'hidden' | 'readonly'>;
  };
  recordsKey: readonly unknown[];
  viewCode?: string;
  search?: string;
}

/** 导入 / 导出 in a view's toolbar, for members the table allows them to. */
export function TransferActions({ p, fields, access, recordsKey, viewCode, search }: Props) {
  const { t } = useTranslation();
  const [importing, setImporting] = useState(false);
  const canImport = access.accessPermission.add && access.accessPermission.import;
  return (
    <>
      {canImport && (
        <ToolbarButton
          icon={<UploadOutlined />}
          label={t('transfer.import')}
          onClick={() => setImporting(true)}
          data-testid="import-button"
        />
      )}
      {access.accessPermission.export && (
        <ExportButton p={p} {...(viewCode ? { viewCode } : {})} {...(search ? { search } : {})} />
      )}
      {importing && (
        <ImportDialog
          p={p}
          fields={fields}
          fieldAccess={access.fieldAccess}
          recordsKey={recordsKey}
          onClose={() => setImporting(false)}
        />
      )}
    </>
  );
}
