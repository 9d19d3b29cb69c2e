import type { SchemaInfo } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Flex, Form, Input, type InputRef, Modal, Select, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { TableRoleRights } from '../../app-roles/components/TableRoleRights';
import { tablesApi } from '../api/tables-api';

interface Props {
  p: { appCode: string; schemaCode: string };
  tableKey: readonly unknown[];
  schema: SchemaInfo;
  onClose: () => void;
}

interface Values {
  titleFieldCode?: string;
  titleFormat: string;
}

/**
 * Title field and record title format, and who (besides the app owner) may do what here: every app
 * role's rights on this table (issue 27), each edited in the role matrix's drawer and saved there.
 */
export function TableSettingsDialog({ p, tableKey, schema, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const formatInput = useRef<InputRef>(null);
  const live = schema.fields.filter((f) => !f.deleted);

  /** Puts `{name}` where the caret is (or at the end). */
  const insert = (name: string) => {
    const current: string = form.getFieldValue('titleFormat') ?? '';
    const el = formatInput.current?.input;
    const at = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? at;
    const token = `{${name}}`;
    form.setFieldValue('titleFormat', current.slice(0, at) + token + current.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  const submit = async (values: Values) => {
    setBusy(true);
    setError('');
    try {
      await tablesApi.update(p, {
        ...(values.titleFieldCode ? { titleFieldCode: values.titleFieldCode } : {}),
        titleFormat: (values.titleFormat ?? '').trim(),
      });
      await queryClient.invalidateQueries({ queryKey: tableKey });
      message.success(t('tables.saved'));
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={t('tables.tableSettings')}
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', loading: busy, id: 'table-settings-submit' }}
      destroyOnHidden
      modalRender={(node) => (
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{
            titleFieldCode: schema.titleFieldCode || undefined,
            titleFormat: schema.titleFormat,
          }}
        >
          {node}
        </Form>
      )}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="titleFieldCode" label={t('tables.titleField')} tooltip={t('tables.titleFieldHint')}>
        <Select options={live.map((f) => ({ value: f.code, label: f.name }))} data-testid="title-field" />
      </Form.Item>
      <Form.Item
        name="titleFormat"
        label={t('tables.titleFormat')}
        extra={t('tables.titleFormatHint')}
        style={{ marginBottom: 8 }}
      >
        <Input ref={formatInput} maxLength={200} data-testid="title-format" />
      </Form.Item>
      <Flex wrap gap={4} align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('tables.insertField')}</Typography.Text>
        {live.map((f) => (
          <Tag key={f.code} style={{ cursor: 'pointer' }} onClick={() => insert(f.name)}>
            {f.name}
          </Tag>
        ))}
      </Flex>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('tables.permissions')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('tables.permissionsHint')}</Typography.Paragraph>
      <TableRoleRights
        schemaCode={p.schemaCode}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: tableKey })}
      />
    </Modal>
  );
}
