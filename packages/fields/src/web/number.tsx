import { Form, InputNumber, Select } from 'antd';
import { precisionOf } from './format.js';
import { type FieldEditing, num, str, useFieldServices, type ValueInputProps } from './types.js';

const CURRENCIES = ['CNY', 'USD', 'EUR', 'JPY', 'HKD', 'GBP'];

function NumberSettings({ money }: { money?: boolean }) {
  const { t } = useFieldServices();
  return (
    <>
      {money && (
        <Form.Item name={['settings', 'currency']} label={t('fieldWeb.currency')}>
          <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} style={{ width: 200 }} />
        </Form.Item>
      )}
      <Form.Item name={['settings', 'precision']} label={t('fieldWeb.precision')}>
        <InputNumber min={0} max={8} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label={t('fieldWeb.range')} style={{ marginBottom: 0 }}>
        <Form.Item name={['settings', 'min']} style={{ display: 'inline-block', marginInlineEnd: 8 }}>
          <InputNumber placeholder={t('fieldWeb.min')} />
        </Form.Item>
        <Form.Item name={['settings', 'max']} style={{ display: 'inline-block' }}>
          <InputNumber placeholder={t('fieldWeb.max')} />
        </Form.Item>
      </Form.Item>
    </>
  );
}

function NumberInput({ value, onChange, disabled, id, settings }: ValueInputProps) {
  return (
    <InputNumber
      id={id}
      value={num(value)}
      onChange={(v) => onChange?.(v ?? null)}
      disabled={disabled}
      precision={precisionOf(settings)}
      prefix={settings.currency ? str(settings.currency) : undefined}
      style={{ width: '100%' }}
    />
  );
}

/** Percent values are fractions (0.25); the input shows and takes 25 %. */
function PercentInput({ value, onChange, disabled, id, settings }: ValueInputProps) {
  const n = num(value);
  const digits = Math.max(0, precisionOf(settings) - 2);
  return (
    <InputNumber
      id={id}
      value={n === null ? null : Number((n * 100).toFixed(digits))}
      onChange={(v) => onChange?.(v === null ? null : Number((v / 100).toFixed(digits + 2)))}
      disabled={disabled}
      precision={digits}
      suffix="%"
      style={{ width: '100%' }}
    />
  );
}

export const numberWebs: Record<string, FieldEditing> = {
  number: { group: 'basic', SettingsEditor: () => <NumberSettings />, Input: NumberInput },
  money: { group: 'basic', SettingsEditor: () => <NumberSettings money />, Input: NumberInput },
  percent: { group: 'basic', SettingsEditor: () => <NumberSettings />, Input: PercentInput },
};
