import {
  DataSourceEndpoints,
  type DataSourceInfo,
  type SourcePreview,
  SyncFieldType,
  SyncSchedule,
  type SyncSource,
} from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Modal, Radio, Select, Steps, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shell/api/client';
import { errorText } from '../../../shell/api/form-errors';
import { inline } from '../api';

type Column = SourcePreview['columns'][number] & { include: boolean };

/**
 * Creating a sync table: choose a table, a read-only query or (HTTP) an array path, preview it, then
 * choose the columns and their field types, the key column and the schedule.
 */
export function SyncWizard({
  appCode,
  source,
  onClose,
  onCreated,
}: {
  appCode: string;
  source: DataSourceInfo;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const http = source.kind === 'http';
  const [step, setStep] = useState(0);
  const [mode, setMode] = useState<'table' | 'query'>('table');
  const [table, setTable] = useState<string>();
  const [query, setQuery] = useState('');
  const [path, setPath] = useState<string>();
  const [preview, setPreview] = useState<SourcePreview | null>(null);
  const [columns, setColumns] = useState<Column[]>([]);
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [schedule, setSchedule] = useState<(typeof SyncSchedule)[number]>('daily');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const tables = useQuery({
    queryKey: ['datasource-tables', appCode, source.id],
    queryFn: () => call(DataSourceEndpoints.tables, { params: { appCode, id: source.id }, ...inline }),
    enabled: !http,
    retry: false,
  });
  // An HTTP source's sample: the paths of its arrays.
  const sample = useQuery({
    queryKey: ['datasource-sample', appCode, source.id],
    queryFn: () => call(DataSourceEndpoints.preview, { params: { appCode, id: source.id }, body: {}, ...inline }),
    enabled: http,
    retry: false,
  });
  useEffect(() => {
    if (sample.data && path === undefined) setPath(sample.data.paths[0] ?? '');
  }, [sample.data, path]);

  const chosen = (): SyncSource | null =>
    http ? { path: path ?? '' } : mode === 'table' ? (table ? { table } : null) : query.trim() ? { query } : null;

  const next = async () => {
    const s = chosen();
    if (!s) {
      setError(mode === 'table' ? t('datasource.wizard.tableRequired') : t('datasource.wizard.queryRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const p = await call(DataSourceEndpoints.preview, { params: { appCode, id: source.id }, body: s, ...inline });
      setPreview(p);
      setColumns(p.columns.map((c) => ({ ...c, include: true })));
      const pk = p.columns.find((c) => c.name.toLowerCase() === 'id')?.name ?? '';
      setKey(pk);
      setName((s.table ?? (s.path ? s.path.split('.').pop() : '') ?? '') || source.name);
      setStep(1);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const create = async () => {
    const s = chosen();
    const included = columns.filter((c) => c.include);
    if (!s || !included.length) {
      setError(t('datasource.wizard.noColumns'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await call(DataSourceEndpoints.createSync, {
        params: { appCode, id: source.id },
        body: {
          name: name.trim(),
          source: s,
          keyColumn: included.some((c) => c.name === key) ? key : '',
          schedule,
          columns: included.map((c) => ({ name: c.name, fieldType: c.fieldType })),
        },
        ...inline,
      });
      message.success(t('datasource.wizard.created'));
      onCreated();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const setColumn = (index: number, patch: Partial<Column>) =>
    setColumns((cs) => cs.map((c, i) => (i === index ? { ...c, ...patch } : c)));

  return (
    <Modal
      open
      width={880}
      title={`${t('datasource.wizard.title')} · ${source.name}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          {step === 1 && <Button onClick={() => setStep(0)}>{t('datasource.wizard.prev')}</Button>}
          {step === 0 ? (
            <Button type="primary" loading={busy} onClick={() => void next()} data-testid="wizard-next">
              {t('datasource.wizard.next')}
            </Button>
          ) : (
            <Button type="primary" loading={busy} onClick={() => void create()} data-testid="wizard-create">
              {t('datasource.wizard.create')}
            </Button>
          )}
        </Flex>
      }
    >
      <div data-testid="sync-wizard">
        <Steps
          size="small"
          current={step}
          style={{ marginBottom: 20 }}
          items={[{ title: t('datasource.wizard.stepSource') }, { title: t('datasource.wizard.stepFields') }]}
        />
        {step === 0 && !http && (
          <Form layout="vertical">
            <Form.Item label={t('datasource.wizard.mode')}>
              <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)}>
                <Radio.Button value="table">{t('datasource.wizard.fromTable')}</Radio.Button>
                <Radio.Button value="query">{t('datasource.wizard.fromQuery')}</Radio.Button>
              </Radio.Group>
            </Form.Item>
            {mode === 'table' ? (
              <Form.Item label={t('datasource.wizard.table')}>
                <Select
                  showSearch
                  value={table}
                  onChange={setTable}
                  loading={tables.isLoading}
                  data-testid="wizard-table"
                  notFoundContent={tables.error ? errorText(tables.error) : t('datasource.noTables')}
                  options={(tables.data?.tables ?? []).map((x) => ({ value: x.name, label: x.name }))}
                />
              </Form.Item>
            ) : (
              <Form.Item label={t('datasource.wizard.query')}>
                <Input.TextArea
                  rows={6}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  placeholder="select id, name from customers where active"
                  style={{ fontFamily: 'monospace' }}
                  data-testid="wizard-query"
                />
              </Form.Item>
            )}
          </Form>
        )}
        {step === 0 && http && (
          <Form layout="vertical">
            {sample.error && (
              <Alert type="error" showIcon title={errorText(sample.error)} style={{ marginBottom: 12 }} />
            )}
            <Form.Item label={t('datasource.wizard.path')}>
              <Select
                value={path}
                onChange={setPath}
                loading={sample.isLoading}
                data-testid="wizard-path"
                options={(sample.data?.paths ?? []).map((p) => ({ value: p, label: p || t('datasource.wizard.root') }))}
              />
            </Form.Item>
          </Form>
        )}
        {step === 1 && preview && (
          <Flex vertical gap={12}>
            <Form layout="vertical">
              <Flex gap={12} wrap>
                <Form.Item label={t('datasource.wizard.tableName')} style={{ flex: 1, minWidth: 200, marginBottom: 0 }}>
                  <Input
                    value={name}
                    maxLength={64}
                    onChange={(e) => setName(e.target.value)}
                    data-testid="wizard-name"
                  />
                </Form.Item>
                <Form.Item label={t('datasource.wizard.key')} style={{ flex: 1, minWidth: 200, marginBottom: 0 }}>
                  <Select
                    value={key}
                    onChange={setKey}
                    data-testid="wizard-key"
                    options={[
                      { value: '', label: t('datasource.wizard.noKey') },
                      ...columns.filter((c) => c.include).map((c) => ({ value: c.name, label: c.name })),
                    ]}
                  />
                </Form.Item>
                <Form.Item label={t('datasource.wizard.schedule')} style={{ width: 160, marginBottom: 0 }}>
                  <Select
                    value={schedule}
                    onChange={setSchedule}
                    options={SyncSchedule.map((s) => ({ value: s, label: t(`datasource.schedules.${s}`) }))}
                  />
                </Form.Item>
              </Flex>
              <Typography.Text type="secondary">{t('datasource.wizard.keyHint')}</Typography.Text>
            </Form>
            <Table<Column>
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={columns}
              scroll={{ y: 260 }}
              data-testid="wizard-columns"
              columns={[
                {
                  title: t('datasource.wizard.include'),
                  width: 70,
                  render: (_, c, i) => (
                    <Checkbox checked={c.include} onChange={(e) => setColumn(i, { include: e.target.checked })} />
                  ),
                },
                { title: t('datasource.column'), dataIndex: 'name' },
                { title: t('datasource.sourceType'), dataIndex: 'sourceType', width: 140 },
                {
                  title: t('datasource.fieldType'),
                  width: 170,
                  render: (_, c, i) => (
                    <Select
                      size="small"
                      value={c.fieldType}
                      style={{ width: '100%' }}
                      onChange={(fieldType) => setColumn(i, { fieldType })}
                      options={SyncFieldType.map((f) => ({ value: f, label: t(`datasource.fieldTypes.${f}`) }))}
                    />
                  ),
                },
              ]}
            />
            <Typography.Text strong>
              {t('datasource.wizard.previewRows', { count: preview.rows.length })}
            </Typography.Text>
            <Table
              size="small"
              pagination={false}
              scroll={{ x: true }}
              rowKey={(_, i) => String(i)}
              dataSource={preview.rows}
              columns={preview.columns.map((c) => ({
                title: c.name,
                dataIndex: c.name,
                ellipsis: true,
                render: (v: unknown) =>
                  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v),
              }))}
            />
          </Flex>
        )}
        {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid="wizard-error" />}
      </div>
    </Modal>
  );
}
