import { Form, Select, Switch } from 'antd';
import {
  bool,
  type FieldEditing,
  type SettingsEditorProps,
  str,
  strings,
  useFieldServices,
  type ValueInputProps,
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

export const relationWebs: Record<string, FieldEditing> = {
  relation: { group: 'relation', SettingsEditor: RelationSettings, Input: RelationInput },
  lookup: { group: 'relation', SettingsEditor: LookupSettings },
};
