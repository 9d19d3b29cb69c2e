import { type FieldInfo, IMPORTABLE_FIELD_TYPES, type ImportJob, type ImportMode } from '@canopy/contract';
import { Alert, Flex, Radio, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  job: ImportJob;
  fields: FieldInfo[];
  fieldAccess: Record<string, 'hidden' | 'readonly'>;
  mapping: Record<string, string>;
  onMapping: (next: Record<string, string>) => void;
  mode: ImportMode;
  onMode: (mode: ImportMode) => void;
}

/** Step two: which field each column fills (suggested by name), the first rows, and the error mode. */
export function ImportMapping({ job, fields, fieldAccess, mapping, onMapping, mode, onMode }: Props) {
  const { t } = useTranslation();
  const targets = fields.filter((f) => !f.deleted && IMPORTABLE_FIELD_TYPES.has(f.type) && !fieldAccess[f.code]);
  const taken = new Set(Object.values(mapping));
  const rows = job.columns.map((column, index) => ({ column, index }));
  return (
    <Flex vertical gap={16}>
      <Alert
        type="info"
        showIcon
        title={t('transfer.rowsFound', { name: job.fileName, count: job.total.toLocaleString() })}
      />
      <Table
        size="small"
        rowKey="column"
        pagination={false}
        scroll={{ y: 280 }}
        dataSource={rows}
        data-testid="import-mapping"
        columns={[
          { key: 'column', title: t('transfer.column'), dataIndex: 'column', width: 160 },
          {
            key: 'sample',
            title: t('transfer.sample'),
            ellipsis: true,
            render: (_, r) => (
              <Typography.Text type="secondary" ellipsis>
                {job.preview
                  .slice(0, 3)
                  .map((row) => row[r.index] ?? '')
                  .filter(Boolean)
                  .join(' / ')}
              </Typography.Text>
            ),
          },
          {
            key: 'field',
            title: t('transfer.field'),
            width: 200,
            render: (_, r) => (
              <Select
                style={{ width: '100%' }}
                value={mapping[r.column] ?? ''}
                data-testid={`map-${r.column}`}
                onChange={(code: string) => {
                  const next = { ...mapping };
                  if (code) next[r.column] = code;
                  else delete next[r.column];
                  onMapping(next);
                }}
                options={[
                  { value: '', label: t('transfer.skipColumn') },
                  ...targets.map((f) => ({
                    value: f.code,
                    label: f.name,
                    disabled: taken.has(f.code) && mapping[r.column] !== f.code,
                  })),
                ]}
              />
            ),
          },
        ]}
      />
      <div>
        <Typography.Text strong>{t('transfer.mode')}</Typography.Text>
        <Radio.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 8 }}
          value={mode}
          onChange={(e) => onMode(e.target.value as ImportMode)}
          options={[
            { value: 'atomic', label: t('transfer.modeAtomic') },
            { value: 'skip', label: t('transfer.modeSkip') },
          ]}
        />
      </div>
    </Flex>
  );
}
