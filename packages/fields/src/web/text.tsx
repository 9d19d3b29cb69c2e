import { Form, Input, InputNumber } from 'antd';
import { type FieldEditing, str, useFieldServices, type ValueInputProps } from './types.js';

function TextSettings() {
  const { t } = useFieldServices();
  return (
    <>
      <Form.Item name={['settings', 'maxLength']} label={t('fieldWeb.maxLength')}>
        <InputNumber min={1} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={['settings', 'pattern']} label={t('fieldWeb.pattern')} extra={t('fieldWeb.patternHint')}>
        <Input placeholder="^[A-Z]{2}\d+$" />
      </Form.Item>
    </>
  );
}

const TextInput = ({ value, onChange, disabled, id }: ValueInputProps) => (
  <Input id={id} value={str(value)} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} />
);
const TextAreaInput = ({ value, onChange, disabled, id }: ValueInputProps) => (
  <Input.TextArea
    id={id}
    value={str(value)}
    onChange={(e) => onChange?.(e.target.value)}
    disabled={disabled}
    autoSize={{ minRows: 3, maxRows: 10 }}
  />
);

function RichInput({ value, onChange, disabled }: ValueInputProps) {
  const { RichTextInput } = useFieldServices();
  return <RichTextInput value={str(value)} onChange={(v) => onChange?.(v)} disabled={disabled} />;
}

export const textWebs: Record<string, FieldEditing> = {
  text: { group: 'basic', SettingsEditor: TextSettings, Input: TextInput },
  textarea: { group: 'basic', SettingsEditor: TextSettings, Input: TextAreaInput },
  richText: { group: 'basic', Input: RichInput },
  phone: { group: 'basic', Input: TextInput },
  email: { group: 'basic', Input: TextInput },
  url: { group: 'basic', Input: TextInput },
};
