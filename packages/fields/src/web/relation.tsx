import { Form, Select, Switch } from 'antd';
import {
  bool,
  type FieldWeb,
  type SettingsEditorProps,
  str,
  strings,
  useFieldServices,
  type ValueInputProps,
  type ValueViewProps,
} from './types.js';

function RelationSettings() {
  const { t } = useFieldServices();
  const { tables } = useFieldServices();
  return (
    <>
      <Form.Item
        name={['settings', 'schemaCode']}
        label={t('fieldWeb.relationTable')}
        rules={[{ required: true, message: t('fieldWeb.relationTableRequired') }]}
      >
        <Select
          data-testid="relation-table"
          options={tables.map((x) => ({ value: x.code, label: x.name }))}
          placeholder={t('fieldWeb.relationTablePlaceholder')}
        />
      </Form.Item>
      <Form.Item name={['settings', 'multiple']} label={t('fieldWeb.multipleRecords')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

function RelationInput({ value, onChange, disabled, settings }: ValueInputProps) {
  const { RecordInput } = useFieldServices();
  const schemaCode = str(settings.schemaCode);
  return (
    <RecordInput
      schemaCode={schemaCode}
      value={strings(value)}
      onChange={onChange}
      multiple={bool(settings.multiple)}
      disabled={disabled}
    />
  );
}

function RelationView({ value, settings }: ValueViewProps) {
  const { RecordTitles } = useFieldServices();
  const ids = strings(value);
  return ids.length ? <RecordTitles schemaCode={str(settings.schemaCode)} ids={ids} /> : null;
}

function LookupSettings({ fields }: SettingsEditorProps) {
  const { t } = useFieldServices();
  const { TargetFieldSelect } = useFieldServices();
  const relations = fields.filter((f) => f.type === 'relation');
  const relationCode = Form.useWatch(['settings', 'relationFieldCode']);
  const relation = relations.find((f) => f.code === relationCode);
  return (
    <>
      <Form.Item
        name={['settings', 'relationFieldCode']}
        label={t('fieldWeb.lookupRelation')}
        rules={[{ required: true, message: t('fieldWeb.lookupRelationRequired') }]}
        extra={relations.length === 0 ? t('fieldWeb.lookupNoRelation') : undefined}
      >
        <Select options={relations.map((f) => ({ value: f.code, label: f.name }))} />
      </Form.Item>
      <Form.Item
        name={['settings', 'targetFieldCode']}
        label={t('fieldWeb.lookupTarget')}
        rules={[{ required: true, message: t('fieldWeb.lookupTargetRequired') }]}
      >
        {relation ? <TargetFieldSelect schemaCode={str(relation.settings.schemaCode)} /> : <Select disabled />}
      </Form.Item>
    </>
  );
}

const plain = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'object'
      ? Array.isArray(v)
        ? v.map(plain).filter(Boolean).join('、')
        : str((v as Record<string, unknown>).name ?? (v as Record<string, unknown>).address)
      : String(v);

function LookupView({ value }: ValueViewProps) {
  return <span>{plain(value)}</span>;
}

export const relationWebs: Record<string, FieldWeb> = {
  relation: { group: 'relation', SettingsEditor: RelationSettings, Input: RelationInput, View: RelationView },
  lookup: { group: 'relation', SettingsEditor: LookupSettings, View: LookupView },
};
export { plain as plainText };
