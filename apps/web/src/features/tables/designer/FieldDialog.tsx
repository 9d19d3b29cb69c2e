import type { FieldInfo } from '@canopy/contract';
import { FieldTypes } from '@canopy/fields';
import { FIELD_GROUPS, type FieldRef, FieldWebs, fieldTypeLabel, typesInGroup } from '@canopy/fields/web';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../shell/api/form-errors';
import { tablesApi } from '../api/tables-api';
import { DefaultValueInput } from './DefaultValueInput';
import { emptyToNull, fixedDefaultInput, takesDefault } from './field-defaults';
import { showFormulaJob } from './useFormulaJobs';

interface Props {
  p: { appCode: string; schemaCode: string };
  tableKey: readonly unknown[];
  fields: FieldInfo[];
  /** Editing this field; absent: adding one. */
  field?: FieldInfo;
  onClose: () => void;
}

interface Values {
  name: string;
  type: string;
  settings: Record<string, unknown>;
  required: boolean;
  unique: boolean;
  description: string;
  defaultValue?: unknown;
}

/** Add or edit a field: name, type (grouped palette), the type's settings, required/unique/description. */
export function FieldDialog({ p, tableKey, fields, field, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const type = Form.useWatch('type', form) ?? field?.type ?? 'text';
  const web = FieldWebs[type];
  const Settings = web?.SettingsEditor;
  const others: FieldRef[] = fields.filter((f) => !f.deleted && f.code !== field?.code);
  const system = FieldTypes[type]?.system === true;
  const watchedSettings = Form.useWatch('settings', form) as Record<string, unknown> | undefined;
  const FixedInput = fixedDefaultInput(type);
  const hasDefault = takesDefault(type);

  const submit = async (registered: Values) => {
    // Every value, also those no input shows (option ids, sub-table column codes).
    const values = { ...registered, ...(form.getFieldsValue(true) as Values) };
    setBusy(true);
    setError('');
    const body = {
      name: values.name.trim(),
      settings: values.settings ?? {},
      required: system ? false : Boolean(values.required),
      unique: system ? false : Boolean(values.unique),
      description: values.description ?? '',
      ...(hasDefault ? { defaultValue: emptyToNull(values.defaultValue) } : {}),
    };
    try {
      const saved = field
        ? await tablesApi.updateField(p, field.code, body)
        : await tablesApi.addField(p, { ...body, type: values.type });
      // Existing records get the formula computed: at once on small tables, else with progress.
      if (saved.recompute) {
        showFormulaJob(queryClient, tableKey, saved.recompute);
        if (saved.recompute.state === 'done')
          message.success(t('tables.formulaComputed', { count: saved.recompute.processed }));
      }
      await queryClient.invalidateQueries({ queryKey: tableKey });
      onClose();
    } catch (e) {
      setError(showFormError(form, e, ['name', 'defaultValue', 'description']) ?? '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={640}
      title={field ? t('tables.editField') : t('tables.addField')}
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', loading: busy, id: 'field-submit' }}
      destroyOnHidden
      modalRender={(node) => (
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={
            field
              ? { ...field, settings: field.settings }
              : { type: 'text', settings: FieldTypes.text?.defaultSettings, required: false, unique: false }
          }
        >
          {node}
        </Form>
      )}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="name"
        label={t('tables.fieldName')}
        rules={[{ required: true, whitespace: true, message: t('tables.fieldNameRequired') }]}
      >
        <Input maxLength={64} autoFocus data-testid="field-name" />
      </Form.Item>
      <Form.Item name="type" label={t('tables.fieldType')}>
        <Select
          disabled={Boolean(field)}
          data-testid="field-type"
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(next: string) => {
            form.setFieldValue('settings', { ...(FieldTypes[next]?.defaultSettings ?? {}) });
            form.setFieldValue('defaultValue', undefined);
          }}
          options={FIELD_GROUPS.map((g) => ({
            label: t(`tables.groups.${g}`),
            title: g,
            options: typesInGroup(g).map((x) => ({
              value: x,
              label: fieldTypeLabel(x),
            })),
          }))}
        />
      </Form.Item>
      {Settings && <Settings fields={others} code={field?.code ?? ''} />}
      {!system && (
        <Form.Item label={t('tables.validation')} style={{ marginBottom: 8 }}>
          <Form.Item name="required" valuePropName="checked" noStyle>
            <Checkbox>{t('tables.required')}</Checkbox>
          </Form.Item>
          <Form.Item name="unique" valuePropName="checked" noStyle>
            <Checkbox>{t('tables.unique')}</Checkbox>
          </Form.Item>
        </Form.Item>
      )}
      {hasDefault && (
        <Form.Item name="defaultValue" label={t('tables.defaultValue')} data-testid="field-default">
          <DefaultValueInput type={type} settings={watchedSettings ?? field?.settings ?? {}} Input={FixedInput} />
        </Form.Item>
      )}
      <Form.Item name="description" label={t('tables.description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
      </Form.Item>
    </Modal>
  );
}
