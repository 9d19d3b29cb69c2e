import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Image, InputNumber, message, Upload } from 'antd';
import { useState } from 'react';
import { filesOf, sizeText } from './format.js';
import { type FieldEditing, num, useFieldServices, type ValueInputProps } from './types.js';

function FileSettings() {
  const { t } = useFieldServices();
  return (
    <Form.Item name={['settings', 'maxFiles']} label={t('fieldWeb.maxFiles')}>
      <InputNumber min={1} max={50} precision={0} style={{ width: 200 }} />
    </Form.Item>
  );
}

function filesInput(kind: 'attachment' | 'image') {
  return function FilesInput({ value, onChange, disabled, settings }: ValueInputProps) {
    const { t } = useFieldServices();
    const { upload } = useFieldServices();
    const [busy, setBusy] = useState(0);
    const files = filesOf(value);
    const max = num(settings.maxFiles) ?? 10;
    return (
      <Flex vertical gap={8}>
        <Upload
          multiple
          accept={kind === 'image' ? 'image/*' : undefined}
          showUploadList={false}
          disabled={disabled || files.length >= max}
          customRequest={async ({ file }) => {
            if (!(file instanceof File)) return;
            setBusy((n) => n + 1);
            try {
              const uploaded = await upload(kind, file);
              onChange?.([...filesOf(value), uploaded].slice(0, max));
            } catch (error) {
              message.error(error instanceof Error && error.message ? error.message : t('fieldWeb.uploadFailed'));
            } finally {
              setBusy((n) => n - 1);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy > 0} disabled={disabled || files.length >= max}>
            {kind === 'image' ? t('fieldWeb.uploadImage') : t('fieldWeb.uploadFile')}
          </Button>
        </Upload>
        {files.map((f) => (
          <Flex key={f.id} gap={8} align="center">
            {f.isImage ? (
              <Image src={f.url} width={40} height={40} style={{ objectFit: 'cover' }} />
            ) : (
              <PaperClipOutlined />
            )}
            <span>{f.name}</span>
            <span style={{ color: '#999' }}>{sizeText(f.size)}</span>
            {!disabled && (
              <Button type="link" size="small" onClick={() => onChange?.(files.filter((x) => x.id !== f.id))}>
                {t('fieldWeb.remove')}
              </Button>
            )}
          </Flex>
        ))}
      </Flex>
    );
  };
}

export const fileWebs: Record<string, FieldEditing> = {
  attachment: { group: 'files', SettingsEditor: FileSettings, Input: filesInput('attachment') },
  image: { group: 'files', SettingsEditor: FileSettings, Input: filesInput('image') },
};
