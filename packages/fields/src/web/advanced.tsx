import { Flex, Form, Input, InputNumber, Select, Tag, Typography } from 'antd';
import { formatDateTime } from './date.js';
import { plainText } from './relation.js';
import {
  type FieldWeb,
  isObject,
  num,
  type SettingsEditorProps,
  str,
  useFieldServices,
  type ValueInputProps,
  type ValueViewProps,
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

function LocationView({ value }: ValueViewProps) {
  if (!isObject(value)) return null;
  const lng = num(value.lng);
  const lat = num(value.lat);
  return (
    <span>
      {str(value.address)}
      {lng !== null && lat !== null ? ` (${lng}, ${lat})` : ''}
    </span>
  );
}

function FormulaView({ value, settings }: ValueViewProps) {
  const { t } = useFieldServices();
  if (typeof value === 'boolean') return <span>{value ? t('fieldWeb.yes') : t('fieldWeb.no')}</span>;
  if (settings.resultType === 'date' && typeof value === 'string') return <span>{value.slice(0, 10)}</span>;
  return <span>{plainText(value)}</span>;
}

function MemberIdView({ value }: ValueViewProps) {
  const { MemberNames } = useFieldServices();
  return typeof value === 'string' && value ? <MemberNames ids={[value]} /> : null;
}

const TextValue = ({ value }: ValueViewProps) => <span>{plainText(value)}</span>;
const TimeValue = ({ value }: ValueViewProps) => <span>{formatDateTime(value)}</span>;

export const advancedWebs: Record<string, FieldWeb> = {
  location: { group: 'advanced', Input: LocationInput, View: LocationView },
  formula: { group: 'advanced', SettingsEditor: FormulaSettings, View: FormulaView },
  autoNumber: { group: 'advanced', SettingsEditor: AutoNumberSettings, View: TextValue },
  createdBy: { group: 'system', View: MemberIdView },
  modifiedBy: { group: 'system', View: MemberIdView },
  createdAt: { group: 'system', View: TimeValue },
  modifiedAt: { group: 'system', View: TimeValue },
};
