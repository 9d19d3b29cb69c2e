import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Image, InputNumber, message, Upload } from 'antd';
import { useState } from 'react';
import type { FileRef } from '../types/files.js';
import {
  type FieldWeb,
  isObject,
  num,
  str,
  useFieldServices,
  type ValueInputProps,
  type ValueViewProps,
} from './types.js';

export function filesOf(value: unknown): FileRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((f) => ({
    id: str(f.id),
    name: str(f.name),
    size: num(f.size) ?? 0,
    contentType: str(f.contentType),
    isImage: f.isImage === true,
    url: str(f.url),
  }));
}

const sizeText = (size: number) =>
  size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;

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

function FilesView({ value, compact }: ValueViewProps) {
  const { t } = useFieldServices();
  const files = filesOf(value);
  if (compact) return files.length ? <span>{t('fieldWeb.fileCount', { count: files.length })}</span> : null;
  const images = files.filter((f) => f.isImage);
  return (
    <Flex vertical gap={8}>
      {images.length > 0 && (
        <Image.PreviewGroup>
          <Flex wrap gap={8}>
            {images.map((f) => (
              <Image key={f.id} src={f.url} alt={f.name} width={96} height={96} style={{ objectFit: 'cover' }} />
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      {files.map((f) => (
        <span key={f.id}>
          <PaperClipOutlined />{' '}
          <a href={f.url} download={f.name} data-testid="file-download">
            {f.name}
          </a>{' '}
          <span style={{ color: '#999' }}>{sizeText(f.size)}</span>
        </span>
      ))}
    </Flex>
  );
}

export const fileWebs: Record<string, FieldWeb> = {
  attachment: { group: 'files', SettingsEditor: FileSettings, Input: filesInput('attachment'), View: FilesView },
  image: { group: 'files', SettingsEditor: FileSettings, Input: filesInput('image'), View: FilesView },
};
