import type { FieldInfo } from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import { Empty, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TemplateInput, useTypeLabel } from './VariablePicker';
import { type Variable, wholeVariable } from './variables';

/** Fields a step can write: stored by the client, not computed or set by the server. */
export const writableFields = (fields: FieldInfo[]): FieldInfo[] =>
  fields.filter(
    (f) => !f.deleted && !f.system && fieldType(f.type)?.system !== true && fieldType(f.type)?.storage !== null,
  );

/** A stored value as the designer shows it in a text box. */
export function valueText(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * What a typed text stores: a text naming variables stays a text (the server fills it); otherwise
 * the field type reads it as a person typed it (`5000` into a number field is the number 5000).
 */
export function storedValue(field: FieldInfo, text: string): unknown {
  if (text.includes('{{') || wholeVariable(text)) return text;
  const type = fieldType(field.type);
  if (!type) return text;
  let input: unknown = text;
  if (text.startsWith('[') || text.startsWith('{')) {
    try {
      input = JSON.parse(text);
    } catch {
      // Not JSON: the text as typed.
    }
  }
  const parsed = type.parse(input, { ...type.defaultSettings, ...field.settings });
  return parsed.ok && parsed.value !== null ? parsed.value : text;
}

interface Props {
  fields: FieldInfo[];
  values: Record<string, unknown>;
  onChange: (values: Record<string, unknown>) => void;
  variables: Variable[];
}

/** A record step's field values: each writable field, typed or named from a variable; empty ones are left out. */
export function ValuesEditor({ fields, values, onChange, variables }: Props) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const writable = writableFields(fields);
  if (!writable.length) return <Empty description={t('automations.step.noWritableFields')} />;
  const set = (f: FieldInfo, text: string) => {
    const next = { ...values };
    if (text === '') delete next[f.code];
    else next[f.code] = storedValue(f, text);
    onChange(next);
  };
  return (
    <Flex vertical gap={4} data-testid="step-values">
      {writable.map((f) => (
        <Form.Item
          key={f.code}
          style={{ marginBottom: 8 }}
          label={
            <Flex gap={6} align="baseline">
              <span>{f.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {typeLabel(f.type)}
              </Typography.Text>
            </Flex>
          }
        >
          <TemplateInput
            value={valueText(values[f.code])}
            onChange={(text) => set(f, text)}
            variables={variables}
            label={f.name}
            placeholder={t('automations.step.valuePlaceholder')}
            testId={`value-${f.name}`}
          />
        </Form.Item>
      ))}
    </Flex>
  );
}
