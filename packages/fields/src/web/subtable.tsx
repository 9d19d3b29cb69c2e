import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form, Input, Select, Table } from 'antd';
import { randomId } from '../definition.js';
import type { SubRow } from '../types/subtable.js';
import { subFieldsOf } from './format.js';
import { rowsOf } from './subtable-rows.js';
import { type FieldEditing, useFieldServices, type ValueInputProps } from './types.js';

/** Column types offered in the sub-table designer (plain values, edited inline). */
export const SUB_COLUMN_TYPES = [
  'text',
  'textarea',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'checkbox',
  'phone',
  'email',
  'url',
];

export function makeSubTableWeb(
  resolve: (type: string) => FieldEditing | undefined,
  typeLabel: (type: string) => string,
): FieldEditing {
  function Settings() {
    const { t } = useFieldServices();
    return (
      <Form.Item label={t('fieldWeb.subColumns')} required>
        <Form.List
          name={['settings', 'fields']}
          rules={[
            {
              validator: async (_, rows: unknown[] | undefined) => {
                if (!rows?.length) throw new Error(t('fieldWeb.subColumnsRequired'));
              },
            },
          ]}
        >
          {(rows, { add, remove }, { errors }) => (
            <Flex vertical gap={8}>
              {rows.map((row) => (
                <Flex key={row.key} gap={8} align="center">
                  <Form.Item
                    name={[row.name, 'name']}
                    noStyle
                    rules={[{ required: true, whitespace: true, message: t('fieldWeb.subColumnNameRequired') }]}
                  >
                    <Input placeholder={t('fieldWeb.subColumnName')} data-testid="sub-column-name" />
                  </Form.Item>
                  <Form.Item name={[row.name, 'type']} noStyle>
                    <Select
                      style={{ width: 140 }}
                      data-testid="sub-column-type"
                      options={SUB_COLUMN_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'required']} noStyle valuePropName="checked">
                    <Checkbox>{t('fieldWeb.required')}</Checkbox>
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('fieldWeb.removeColumn')}
                    onClick={() => remove(row.name)}
                  />
                </Flex>
              ))}
              <Button
                icon={<PlusOutlined />}
                data-testid="sub-column-add"
                onClick={() =>
                  add({ code: `c${randomId().slice(0, 10)}`, name: '', type: 'text', settings: {}, required: false })
                }
              >
                {t('fieldWeb.addColumn')}
              </Button>
              <Form.ErrorList errors={errors} />
            </Flex>
          )}
        </Form.List>
      </Form.Item>
    );
  }

  function SubInput({ value, onChange, disabled, settings }: ValueInputProps) {
    const { t } = useFieldServices();
    const columns = subFieldsOf(settings);
    const rows = rowsOf(value);
    const update = (id: string, code: string, v: unknown) =>
      onChange?.(rows.map((r) => (r.id === id ? { ...r, [code]: v } : r)));
    return (
      <Flex vertical gap={8} data-testid="subtable-input">
        <Table<SubRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('fieldWeb.noRows') }}
          columns={[
            ...columns.map((c) => {
              const CellInput = resolve(c.type)?.Input;
              return {
                key: c.code,
                title: c.required ? `${c.name} *` : c.name,
                width: 180,
                render: (_: unknown, row: SubRow) =>
                  CellInput ? (
                    <CellInput
                      value={row[c.code]}
                      settings={c.settings as Record<string, unknown>}
                      disabled={disabled || c.readOnly === true}
                      onChange={(v) => update(row.id, c.code, v)}
                    />
                  ) : null,
              };
            }),
            {
              key: 'actions',
              width: 56,
              render: (_: unknown, row: SubRow) => (
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  disabled={disabled}
                  aria-label={t('fieldWeb.removeRow')}
                  onClick={() => onChange?.(rows.filter((r) => r.id !== row.id))}
                />
              ),
            },
          ]}
        />
        <Button
          icon={<PlusOutlined />}
          disabled={disabled}
          style={{ alignSelf: 'flex-start' }}
          data-testid="subtable-add-row"
          onClick={() => onChange?.([...rows, { id: randomId() }])}
        >
          {t('fieldWeb.addRow')}
        </Button>
      </Flex>
    );
  }

  return { group: 'advanced', SettingsEditor: Settings, Input: SubInput };
}
