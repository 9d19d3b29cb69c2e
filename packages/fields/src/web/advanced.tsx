import { Flex, Form, Input, InputNumber, Select, Tag, Typography } from 'antd';
import {
  type FieldEditing,
  isObject,
  num,
  type SettingsEditorProps,
  str,
  useFieldServices,
  type ValueInputProps,
} from './types.js';

function FormulaSettings({ fields }: SettingsEditorProps) {
  const { t } = useFieldServices();
  const form = Form.useFormInstance();
  const insert = (name: string) => {
    const current = str(form.getFieldValue(['settings', 'expression']));
    form.setFieldValue(['settings', 'expression'], `${current}{${name}}`);
  };
  return (
    <>
      <Form.Item
        name={['settings', 'expression']}
        label={t('fieldWeb.expression')}
        extra={t('fieldWeb.expressionHint')}
        rules={[{ required: true, whitespace: true, message: t('fieldWeb.expressionRequired') }]}
      >
        <Input.TextArea autoSize={{ minRows: 2 }} placeholder="IF({数量} > 0, {单价} * {数量}, 0)" />
      </Form.Item>
      <Flex wrap gap={4} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('fieldWeb.insertField')}</Typography.Text>
        {fields.map((f) => (
          <Tag.CheckableTag key={f.code} checked={false} onChange={() => insert(f.name)}>
            {f.name}
          </Tag.CheckableTag>
        ))}
      </Flex>
      <Form.Item name={['settings', 'resultType']} label={t('fieldWeb.resultType')}>
        <Select
          style={{ width: 200 }}
          options={(['number', 'text', 'date', 'boolean'] as const).map((v) => ({
            value: v,
            label: t(`fieldWeb.result.${v}`),
          }))}
        />
      </Form.Item>
    </>
  );
}

function AutoNumberSettings() {
  const { t } = useFieldServices();
  return (
    <>
      <Form.Item name={['settings', 'prefix']} label={t('fieldWeb.prefix')}>
        <Input maxLength={20} placeholder="HT-" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={['settings', 'digits']} label={t('fieldWeb.digits')}>
        <InputNumber min={1} max={12} precision={0} style={{ width: 200 }} />
      </Form.Item>
    </>
  );
}

function LocationInput({ value, onChange, disabled, id }: ValueInputProps) {
  const { t } = useFieldServices();
  const v = isObject(value) ? value : {};
  const next = (patch: Record<string, unknown>) =>
    onChange?.({ address: str(v.address), lng: num(v.lng), lat: num(v.lat), ...patch });
  return (
    <Flex vertical gap={8}>
      <Input
        id={id}
        value={str(v.address)}
        placeholder={t('fieldWeb.address')}
        disabled={disabled}
        onChange={(e) => next({ address: e.target.value })}
      />
      <Flex gap={8}>
        <InputNumber
          value={num(v.lng)}
          placeholder={t('fieldWeb.lng')}
          min={-180}
          max={180}
          disabled={disabled}
          onChange={(n) => next({ lng: n ?? null })}
        />
        <InputNumber
          value={num(v.lat)}
          placeholder={t('fieldWeb.lat')}
          min={-90}
          max={90}
          disabled={disabled}
          onChange={(n) => next({ lat: n ?? null })}
        />
      </Flex>
    </Flex>
  );
}

export const advancedWebs: Record<string, FieldEditing> = {
  location: { group: 'advanced', Input: LocationInput },
  formula: { group: 'advanced', SettingsEditor: FormulaSettings },
  autoNumber: { group: 'advanced', SettingsEditor: AutoNumberSettings },
  createdBy: { group: 'system' },
  modifiedBy: { group: 'system' },
  createdAt: { group: 'system' },
  modifiedAt: { group: 'system' },
};
