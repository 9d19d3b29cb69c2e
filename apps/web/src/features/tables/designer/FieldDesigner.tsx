import { ApiOutlined, ArrowDownOutlined, ArrowUpOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { type FieldInfo, rowRulesNaming, type SchemaInfo } from '@canopy/contract';
import { fieldTypeLabel } from '@canopy/fields/web/view';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, List, Progress, Select, Space, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { appRoleKeys, appRolesApi } from '../../app-roles/api/app-roles-api';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tablesApi } from '../api/tables-api';
import { FieldDialog } from './FieldDialog';
import { TableSettingsDialog } from './TableSettingsDialog';
import { TypeChangeDialog } from './TypeChangeDialog';
import { showFormulaJob, useFormulaJobs } from './useFormulaJobs';
import { WebhooksDialog } from './WebhooksDialog';

interface Props {
  p: { appCode: string; schemaCode: string };
  tableKey: readonly unknown[];
  schema: SchemaInfo;
}

/** The table's fields: add, edit, reorder, change type, delete and restore; the table's settings. */
export function FieldDesigner({ p, tableKey, schema }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<FieldInfo | 'new' | null>(null);
  const [retyping, setRetyping] = useState<FieldInfo | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [hooksOpen, setHooksOpen] = useState(false);
  const live = schema.fields.filter((f) => !f.deleted);
  const computing = useFormulaJobs(p, tableKey);
  const deleted = schema.fields.filter((f) => f.deleted);

  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) message.success(done);
      await queryClient.invalidateQueries({ queryKey: tableKey });
    } catch (e) {
      message.error(errorText(e));
    }
  };
  /** Swaps a live field with its neighbour and saves the full order (deleted fields keep their places after). */
  const move = (index: number, by: -1 | 1) => {
    const codes = live.map((f) => f.code);
    const other = index + by;
    const a = codes[index];
    const b = codes[other];
    if (a === undefined || b === undefined) return;
    codes[index] = b;
    codes[other] = a;
    void run(() => tablesApi.orderFields(p, [...codes, ...deleted.map((f) => f.code)]));
  };
  const { engineCode } = useAppWorkspace();
  /**
   * The app's roles whose row rule on this table names the field, by name, in the matrix's order
   * (the matrix as cached, read once if not yet; by key should it fail to load).
   */
  const namingRoles = async (code: string): Promise<string[]> => {
    const keys = rowRulesNaming(schema.permissions.roles, code);
    if (!keys.length) return [];
    try {
      const { roles } = await queryClient.ensureQueryData({
        queryKey: appRoleKeys.matrix(engineCode, p.appCode),
        queryFn: () => appRolesApi.matrix(p.appCode),
      });
      const named = roles.filter((r) => keys.includes(r.key));
      return [...named.map((r) => r.name), ...keys.filter((k) => !roles.some((r) => r.key === k))];
    } catch {
      return keys;
    }
  };
  /**
   * Asks before deleting; when row rules name the field, the question lists their roles, any of the
   * app's (issue 27). The server checks again: when a rule names the field that this page did not
   * know of (saved meanwhile), it deletes nothing and the question is asked again with its answer.
   */
  const remove = async (f: FieldInfo, given?: string[]) => {
    const known = given ?? (await namingRoles(f.code));
    modal.confirm({
      title: t('tables.deleteFieldConfirm', { name: f.name }),
      content: (
        <Flex vertical gap={8}>
          <span>{t('tables.deleteFieldHint')}</span>
          {known.length > 0 && (
            <Typography.Text type="warning" data-testid="delete-field-rules">
              {t('tables.deleteFieldRules', { roles: known.join('、') })}
            </Typography.Text>
          )}
        </Flex>
      ),
      okText: t('tables.delete'),
      okButtonProps: { danger: true },
      onOk: () =>
        run(async () => {
          const result = await tablesApi.removeField(p, f.code, known.length > 0);
          if (!result.removed) void remove(f, result.rowRuleNames);
        }),
    });
  };

  return (
    <Flex vertical gap={16} data-testid="field-designer">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Form layout="inline">
          <Form.Item label={t('tables.titleField')} tooltip={t('tables.titleFieldHint')}>
            <Select
              style={{ width: 200 }}
              value={schema.titleFieldCode || undefined}
              onChange={(code: string) => run(() => tablesApi.update(p, { titleFieldCode: code }), t('tables.saved'))}
              options={live.map((f) => ({ value: f.code, label: f.name }))}
            />
          </Form.Item>
        </Form>
        <Space>
          <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} data-testid="table-settings">
            {t('tables.tableSettings')}
          </Button>
          <Button icon={<ApiOutlined />} onClick={() => setHooksOpen(true)} data-testid="table-webhooks">
            {t('webhooks.button')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="field-add">
            {t('tables.addField')}
          </Button>
        </Space>
      </Flex>
      <List
        bordered
        dataSource={live}
        locale={{ emptyText: t('tables.noFields') }}
        renderItem={(f, index) => (
          <List.Item
            data-testid={`field-row-${f.name}`}
            actions={[
              <Button
                key="up"
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                title={t('tables.moveUp')}
                aria-label={t('tables.moveUp')}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              />,
              <Button
                key="down"
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                title={t('tables.moveDown')}
                aria-label={t('tables.moveDown')}
                disabled={index === live.length - 1}
                onClick={() => move(index, 1)}
              />,
              <Button key="edit" type="link" onClick={() => setEditing(f)}>
                {t('tables.edit')}
              </Button>,
              !f.system && (
                <Button key="type" type="link" onClick={() => setRetyping(f)}>
                  {t('tables.changeType')}
                </Button>
              ),
              <Button key="delete" type="link" danger onClick={() => void remove(f)}>
                {t('tables.delete')}
              </Button>,
            ].filter(Boolean)}
          >
            <Space>
              <Typography.Text strong>{f.name}</Typography.Text>
              <Tag>{fieldTypeLabel(f.type)}</Tag>
              {f.required && <Tag color="red">{t('tables.required')}</Tag>}
              {f.unique && <Tag color="blue">{t('tables.unique')}</Tag>}
              {f.description && <Typography.Text type="secondary">{f.description}</Typography.Text>}
              {computing
                .filter((j) => j.fieldCode === f.code)
                .map((j) => (
                  <Flex key={j.id} align="center" gap={8} data-testid="formula-progress">
                    <Typography.Text type="secondary">
                      {t('tables.formulaComputing', {
                        processed: j.processed.toLocaleString(),
                        total: j.total.toLocaleString(),
                      })}
                    </Typography.Text>
                    <Progress
                      percent={j.total ? Math.floor((j.processed / j.total) * 100) : 0}
                      size="small"
                      status="active"
                      strokeColor={token.colorPrimary}
                      style={{ width: 160, margin: 0 }}
                    />
                  </Flex>
                ))}
            </Space>
          </List.Item>
        )}
      />
      {deleted.length > 0 && (
        <Card size="small" title={t('tables.deletedFields')}>
          <List
            size="small"
            dataSource={deleted}
            renderItem={(f) => (
              <List.Item
                actions={[
                  <Button
                    key="restore"
                    type="link"
                    onClick={() =>
                      run(async () => {
                        const saved = await tablesApi.restoreField(p, f.code);
                        if (saved.recompute) showFormulaJob(queryClient, tableKey, saved.recompute);
                      }, t('tables.restored'))
                    }
                  >
                    {t('tables.restore')}
                  </Button>,
                ]}
              >
                <Typography.Text delete>{f.name}</Typography.Text> <Tag>{fieldTypeLabel(f.type)}</Tag>
              </List.Item>
            )}
          />
        </Card>
      )}
      {editing && (
        <FieldDialog
          p={p}
          tableKey={tableKey}
          fields={schema.fields}
          field={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {settingsOpen && (
        <TableSettingsDialog p={p} tableKey={tableKey} schema={schema} onClose={() => setSettingsOpen(false)} />
      )}
      {hooksOpen && <WebhooksDialog p={p} onClose={() => setHooksOpen(false)} />}
      {retyping && <TypeChangeDialog p={p} tableKey={tableKey} field={retyping} onClose={() => setRetyping(null)} />}
    </Flex>
  );
}
