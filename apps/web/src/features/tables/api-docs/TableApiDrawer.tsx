import { ApiOutlined } from '@ant-design/icons';
import { type FieldInfo, OPEN_API_PREFIX } from '@canopy/contract';
import { fieldTypeLabel } from '@canopy/fields/web/view';
import { Alert, Drawer, Table, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarButton } from '../../../shell/layout/toolbar-fit';
import { curlExamples, exampleData, isReadOnlyType, jsonShape } from './api-examples';

interface Props {
  p: { appCode: string; schemaCode: string };
  tableName: string;
  fields: FieldInfo[];
  fieldAccess: Record<string, 'hidden' | 'readonly'>;
}

/**
 * The table's API page for integrators (issue 17, like NocoDB's and Teable's): the address, each
 * field's API name and JSON shape, and copyable curl commands with a token placeholder. It lists
 * only what this member may see: a token acts with its owner's rights, never more.
 */
export function TableApiButton(props: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolbarButton
        icon={<ApiOutlined />}
        label={t('apiDocs.button')}
        onClick={() => setOpen(true)}
        data-testid="table-api-button"
      />
      {open && <TableApiDrawer {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

function TableApiDrawer({ p, tableName, fields, fieldAccess, onClose }: Props & { onClose: () => void }) {
  const { t } = useTranslation();
  const hidden = (code: string) => fieldAccess[code] === 'hidden';
  const visible = fields.filter((f) => !f.deleted && !hidden(f.code));
  const origin = window.location.origin;
  const base = `${origin}${OPEN_API_PREFIX}/apps/${p.appCode}/tables/${p.schemaCode}/records`;
  const examples = useMemo(
    () =>
      curlExamples(
        origin,
        p.appCode,
        p.schemaCode,
        exampleData(fields, (c) => fieldAccess[c] === 'hidden'),
      ),
    [origin, p.appCode, p.schemaCode, fields, fieldAccess],
  );
  return (
    <Drawer
      open
      onClose={onClose}
      size={760}
      title={t('apiDocs.title', { name: tableName })}
      destroyOnHidden
      data-testid="table-api-drawer"
    >
      <Alert type="info" showIcon title={t('apiDocs.tokenHint')} style={{ marginBottom: 16 }} />
      <Typography.Title level={5}>{t('apiDocs.address')}</Typography.Title>
      <Typography.Paragraph copyable={{ text: base }} data-testid="table-api-base">
        <Typography.Text code>{base}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('apiDocs.docLink')}{' '}
        <Typography.Link href="/api/docs" target="_blank" rel="noreferrer">
          /api/docs
        </Typography.Link>
      </Typography.Paragraph>

      <Typography.Title level={5}>{t('apiDocs.fields')}</Typography.Title>
      <Table<FieldInfo>
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={visible}
        data-testid="table-api-fields"
        columns={[
          { title: t('apiDocs.fieldName'), dataIndex: 'name', width: 140 },
          {
            title: t('apiDocs.apiName'),
            dataIndex: 'code',
            render: (code: string) => (
              <Typography.Text code copyable={{ text: code }}>
                {code}
              </Typography.Text>
            ),
          },
          { title: t('apiDocs.type'), dataIndex: 'type', width: 100, render: (type: string) => fieldTypeLabel(type) },
          {
            title: t('apiDocs.shape'),
            dataIndex: 'type',
            key: 'shape',
            render: (type: string, f) => (
              <>
                <Typography.Text code>{jsonShape(type)}</Typography.Text>{' '}
                {(isReadOnlyType(type) || f.system || fieldAccess[f.code] === 'readonly') && (
                  <Tag>{t('apiDocs.readOnly')}</Tag>
                )}
              </>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('apiDocs.nullEmpties')}
      </Typography.Paragraph>

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('apiDocs.examples')}
      </Typography.Title>
      <Tabs
        size="small"
        items={examples.map((e) => ({
          key: e.key,
          label: t(`apiDocs.calls.${e.key}`),
          children: (
            <div data-testid={`table-api-example-${e.key}`}>
              <Typography.Paragraph type="secondary">{t(`apiDocs.explain.${e.key}`)}</Typography.Paragraph>
              <Typography.Paragraph copyable={{ text: e.command }}>
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{e.command}</pre>
              </Typography.Paragraph>
            </div>
          ),
        }))}
      />
    </Drawer>
  );
}
