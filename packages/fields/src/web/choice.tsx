import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, ColorPicker, Flex, Form, Input, Select } from 'antd';
import { randomId } from '../definition.js';
import { optionsOf } from './format.js';
import { type FieldEditing, strings, useFieldServices, type ValueInputProps } from './types.js';

const COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#8c8c8c'];

function OptionsEditor() {
  const { t } = useFieldServices();
  const form = Form.useFormInstance();
  return (
    <Form.Item label={t('fieldWeb.options')} required>
      <Form.List name={['settings', 'options']}>
        {(rows, { add, remove }) => (
          <Flex vertical gap={8}>
            {rows.map((row, index) => (
              <Flex key={row.key} gap={8} align="center">
                <Form.Item name={[row.name, 'color']} noStyle getValueFromEvent={(c) => c.toHexString()}>
                  <ColorPicker size="small" presets={[{ label: '', colors: COLORS }]} />
                </Form.Item>
                <Form.Item
                  name={[row.name, 'label']}
                  noStyle
                  rules={[{ required: true, whitespace: true, message: t('fieldWeb.optionRequired') }]}
                >
                  <Input placeholder={t('fieldWeb.optionPlaceholder', { n: index + 1 })} data-testid="option-label" />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('fieldWeb.removeOption')}
                  onClick={() => remove(row.name)}
                />
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined />}
              data-testid="option-add"
              onClick={() => {
                const count = (form.getFieldValue(['settings', 'options']) ?? []).length;
                add({ id: randomId(), label: '', color: COLORS[count % COLORS.length] });
              }}
            >
              {t('fieldWeb.addOption')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

function SingleInput({ value, onChange, disabled, id, settings }: ValueInputProps) {
  return (
    <Select
      id={id}
      allowClear
      value={typeof value === 'string' ? value : undefined}
      onChange={(v) => onChange?.(v ?? null)}
      disabled={disabled}
      options={optionsOf(settings).map((o) => ({ value: o.id, label: o.label }))}
    />
  );
}

function MultiInput({ value, onChange, disabled, id, settings }: ValueInputProps) {
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      value={strings(value)}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      options={optionsOf(settings).map((o) => ({ value: o.id, label: o.label }))}
    />
  );
}

function CheckboxInput({ value, onChange, disabled, id }: ValueInputProps) {
  return (
    <Checkbox id={id} checked={value === true} onChange={(e) => onChange?.(e.target.checked)} disabled={disabled} />
  );
}

export const choiceWebs: Record<string, FieldEditing> = {
  singleSelect: { group: 'choice', SettingsEditor: OptionsEditor, Input: SingleInput },
  multiSelect: { group: 'choice', SettingsEditor: OptionsEditor, Input: MultiInput },
  checkbox: { group: 'choice', Input: CheckboxInput },
};
