import { DeleteOutlined } from '@ant-design/icons';
import { type FieldRef, FieldWebs, fieldTypeLabel } from '@canopy/fields/web';
import { Button, Checkbox, Divider, Flex, Form, Input, Radio, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DefaultValueInput } from '../designer/DefaultValueInput';
import { fixedDefaultInput, takesDefault } from '../designer/field-defaults';
import { type CanvasDraft, type CanvasItem, type FieldDraft, isNewKey } from './canvas-draft';

interface Props {
  draft: CanvasDraft;
  field: FieldDraft;
  item: CanvasItem;
  /** The section the field is in. */
  sectionId: string;
  /** The table's saved fields other than this one (formulas and lookups name them). */
  others: FieldRef[];
  onField: (next: FieldDraft) => void;
  onItem: (patch: Partial<CanvasItem>) => void;
  onSection: (sectionId: string) => void;
  /** Takes an unsaved field off the form; absent for saved ones (they are deleted in the table view). */
  onRemove?: () => void;
}

type Values = Pick<FieldDraft, 'name' | 'settings' | 'required' | 'unique' | 'description' | 'defaultValue'>;

/**
 * The selected field's settings, right of the canvas: what the field is (name, the type's own settings
 * editor, rules, default, description) and how this form shows it (section, width, hidden, read-only,
 * help text). Edits go into the draft; the canvas's 保存 writes them.
 */
export function FieldProperties({
  draft,
  field,
  item,
  sectionId,
  others,
  onField,
  onItem,
  onSection,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const Settings = FieldWebs[field.type]?.SettingsEditor;
  const settings = (Form.useWatch('settings', form) as Record<string, unknown> | undefined) ?? field.settings;
  // Every value, also those no input shows (option ids, sub-table column codes).
  const sync = () => onField({ ...field, ...(form.getFieldsValue(true) as Values) });
  return (
    <Flex vertical data-testid="field-properties" role="region" aria-label={t('tables.canvas.properties')}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Tag>{fieldTypeLabel(field.type)}</Tag>
        {onRemove && isNewKey(field.key) && (
          <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove} data-testid="prop-remove-new">
            {t('tables.canvas.removeNew')}
          </Button>
        )}
      </Flex>
      <Form form={form} layout="vertical" size="small" initialValues={field} onValuesChange={sync} onBlur={sync}>
        <Form.Item
          name="name"
          label={t('tables.fieldName')}
          rules={[{ required: true, whitespace: true, message: t('tables.fieldNameRequired') }]}
        >
          <Input maxLength={64} data-testid="prop-name" />
        </Form.Item>
        {Settings && <Settings fields={others} code={field.code ?? ''} />}
        {!field.system && (
          <Form.Item label={t('tables.validation')} style={{ marginBottom: 8 }}>
            <Form.Item name="required" valuePropName="checked" noStyle>
              <Checkbox data-testid="prop-required">{t('tables.required')}</Checkbox>
            </Form.Item>
            <Form.Item name="unique" valuePropName="checked" noStyle>
              <Checkbox>{t('tables.unique')}</Checkbox>
            </Form.Item>
          </Form.Item>
        )}
        {takesDefault(field.type) && (
          <Form.Item name="defaultValue" label={t('tables.defaultValue')}>
            <DefaultValueInput type={field.type} settings={settings} Input={fixedDefaultInput(field.type)} />
          </Form.Item>
        )}
        <Form.Item name="description" label={t('tables.description')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} data-testid="prop-description" />
        </Form.Item>
      </Form>
      <Divider plain style={{ margin: '4px 0 12px' }}>
        {t('tables.canvas.onThisForm')}
      </Divider>
      <Form layout="vertical" size="small">
        {draft.sections.length > 1 && (
          <Form.Item label={t('tables.canvas.section')}>
            <Select
              value={sectionId}
              data-testid="move-to-section"
              onChange={onSection}
              options={draft.sections.map((s, i) => ({
                value: s.id,
                label: s.title || t('tables.canvas.untitledSection', { n: i + 1 }),
              }))}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('tables.canvas.width')}
          extra={draft.columns === 1 ? t('tables.canvas.widthHint') : undefined}
        >
          <Radio.Group
            optionType="button"
            disabled={draft.columns === 1}
            value={item.wide ? 'full' : 'half'}
            onChange={(e) => onItem({ wide: e.target.value === 'full' })}
            data-testid="prop-width"
            options={[
              { value: 'half', label: t('tables.canvas.half') },
              { value: 'full', label: t('tables.form.wide') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('tables.canvas.display')}>
          <Checkbox
            checked={item.hidden}
            onChange={(e) => onItem({ hidden: e.target.checked })}
            data-testid="prop-hidden"
          >
            {t('tables.form.hidden')}
          </Checkbox>
          <Checkbox
            checked={item.readOnly}
            onChange={(e) => onItem({ readOnly: e.target.checked })}
            data-testid="prop-readonly"
          >
            {t('tables.form.readOnly')}
          </Checkbox>
        </Form.Item>
        <Form.Item label={t('tables.form.helpText')}>
          <Input
            value={item.helpText}
            maxLength={500}
            onChange={(e) => onItem({ helpText: e.target.value })}
            data-testid="prop-help"
          />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('tables.canvas.typeChangeHint')}
      </Typography.Text>
    </Flex>
  );
}
