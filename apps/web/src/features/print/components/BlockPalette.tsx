import { AuditOutlined, FileImageOutlined, FontSizeOutlined, QrcodeOutlined, TableOutlined } from '@ant-design/icons';
import type { FieldInfo, PrintBlock } from '@canopy/contract';
import { App, Button, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { uploadFile } from '../../../shell/api/upload';

/** What a designer can add: the table's fields, text, an image of the team, the flow's history, a QR code. */
export function BlockPalette({ fields, onAdd }: { fields: FieldInfo[]; onAdd: (block: PrintBlock) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <div style={{ marginBottom: 16 }} data-testid="print-palette">
      <Typography.Text strong>{t('print.addFields')}</Typography.Text>
      <Flex wrap gap={6} style={{ margin: '8px 0 12px' }}>
        {fields.map((f) => (
          <Button
            key={f.code}
            size="small"
            onClick={() =>
              onAdd(
                f.type === 'subTable'
                  ? { kind: 'subTable', field: f.code }
                  : { kind: 'field', field: f.code, width: 'full' },
              )
            }
            icon={f.type === 'subTable' ? <TableOutlined /> : undefined}
            data-testid={`print-add-field-${f.name}`}
          >
            {f.name}
          </Button>
        ))}
      </Flex>
      <Typography.Text strong>{t('print.addOther')}</Typography.Text>
      <Flex wrap gap={6} style={{ marginTop: 8 }}>
        <Button
          size="small"
          icon={<FontSizeOutlined />}
          onClick={() => onAdd({ kind: 'text', text: t('print.textSample'), style: 'body', align: 'left' })}
          data-testid="print-add-text"
        >
          {t('print.block.text')}
        </Button>
        <Upload
          accept="image/png,image/jpeg"
          showUploadList={false}
          customRequest={async ({ file }) => {
            try {
              const uploaded = await uploadFile('image', file as File);
              onAdd({ kind: 'image', fileId: uploaded.id, width: 40, align: 'left' });
            } catch (e) {
              message.error(errorText(e));
            }
          }}
        >
          <Button size="small" icon={<FileImageOutlined />} data-testid="print-add-image">
            {t('print.block.image')}
          </Button>
        </Upload>
        <Button
          size="small"
          icon={<AuditOutlined />}
          onClick={() => onAdd({ kind: 'timeline' })}
          data-testid="print-add-timeline"
        >
          {t('print.block.timeline')}
        </Button>
        <Button
          size="small"
          icon={<QrcodeOutlined />}
          onClick={() => onAdd({ kind: 'qr', size: 25, align: 'right' })}
          data-testid="print-add-qr"
        >
          {t('print.block.qr')}
        </Button>
      </Flex>
    </div>
  );
}
