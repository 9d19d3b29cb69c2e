import { type DataSourceBody, DataSourceEndpoints, type DataSourceInfo, DataSourceKind } from '@canopy/contract';
import { Alert, App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shell/api/client';
import { showFormError } from '../../../shell/api/form-errors';
import { inline } from '../api';

const PORTS = { postgres: 5432, mysql: 3306, http: undefined } as const;

/** Add or edit a data source; the saved password is never shown, an empty one keeps it. */
export function SourceDialog({
  appCode,
  source,
  onClose,
  onSaved,
}: {
  appCode: string;
  source: DataSourceInfo | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DataSourceBody>();
  const kind = Form.useWatch('kind', form) ?? source?.kind ?? 'postgres';
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (v: DataSourceBody) => {
    setSaving(true);
    setError(null);
    const body: DataSourceBody =
      v.kind === 'http'
        ? { name: v.name, kind: v.kind, url: v.url }
        : { name: v.name, kind: v.kind, host: v.host, port: v.port, database: v.database, user: v.user };
    if (v.password) body.password = v.password;
    try {
      if (source) await call(DataSourceEndpoints.update, { params: { appCode, id: source.id }, body, ...inline });
      else await call(DataSourceEndpoints.create, { params: { appCode }, body, ...inline });
      message.success(t('datasource.saved'));
      onSaved();
    } catch (e) {
      setError(showFormError(form, e, ['name', 'host', 'port', 'database', 'user', 'password', 'url']));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={source ? t('datasource.editSource') : t('datasource.addSource')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<DataSourceBody>
        form={form}
        layout="vertical"
        requiredMark={false}
        data-testid="source-form"
        initialValues={
          source
            ? {
                name: source.name,
                kind: source.kind,
                host: source.host,
                port: source.port || undefined,
                database: source.database,
                user: source.user,
                url: source.url,
              }
            : { kind: 'postgres', port: 5432 }
        }
        onValuesChange={(changed: Partial<DataSourceBody>) => {
          if (changed.kind) form.setFieldValue('port', PORTS[changed.kind]);
        }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item name="kind" label={t('datasource.kind')}>
          <Select
            data-testid="source-kind"
            options={DataSourceKind.map((k) => ({ value: k, label: t(`datasource.kinds.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('datasource.name')}
          rules={[{ required: true, whitespace: true, message: t('datasource.nameRequired') }]}
        >
          <Input maxLength={64} data-testid="source-name" />
        </Form.Item>
        {kind === 'http' ? (
          <Form.Item
            name="url"
            label={t('datasource.url')}
            rules={[{ required: true, whitespace: true, message: t('datasource.urlRequired') }]}
          >
            <Input placeholder="https://example.com/api/items" data-testid="source-url" />
          </Form.Item>
        ) : (
          <>
            <Form.Item label={t('datasource.host')} required style={{ marginBottom: 0 }}>
              <Form.Item
                name="host"
                rules={[{ required: true, whitespace: true, message: t('datasource.hostRequired') }]}
                style={{ display: 'inline-block', width: 'calc(70% - 8px)', marginRight: 8 }}
              >
                <Input placeholder="db.example.internal" data-testid="source-host" />
              </Form.Item>
              <Form.Item name="port" style={{ display: 'inline-block', width: '30%' }}>
                <InputNumber min={1} max={65535} placeholder={t('datasource.port')} style={{ width: '100%' }} />
              </Form.Item>
            </Form.Item>
            <Form.Item
              name="database"
              label={t('datasource.database')}
              rules={[{ required: true, whitespace: true, message: t('datasource.databaseRequired') }]}
            >
              <Input data-testid="source-database" />
            </Form.Item>
            <Form.Item
              name="user"
              label={t('datasource.user')}
              rules={[{ required: true, whitespace: true, message: t('datasource.userRequired') }]}
            >
              <Input autoComplete="off" data-testid="source-user" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="password"
          label={kind === 'http' ? t('datasource.token') : t('datasource.password')}
          extra={t('datasource.passwordHint')}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={source?.passwordSet && source.kind === kind ? t('datasource.passwordKept') : ''}
            data-testid="source-password"
          />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
