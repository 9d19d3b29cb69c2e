import { FunctionOutlined } from '@ant-design/icons';
import type { Language } from '@canopy/contract';
import { FieldTypes } from '@canopy/fields';
import { Button, Dropdown, Flex, Input, type MenuProps, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context';
import { looseT } from './loose-t';
import { readableTemplate, type Variable } from './variables';

/** A variable's type as a person reads it: the field type's name, or a plain kind. */
export function useTypeLabel() {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'en' || i18n.language === 'jp' ? i18n.language : 'zh') as Language;
  return (type: string) => FieldTypes[type]?.label[lang] ?? t(`automations.varType.${type}`, { defaultValue: type });
}

/** The "{x}" button beside a value: a menu of what the value can name, grouped, with types. */
export function VariablePicker({
  variables,
  onPick,
  testId,
}: {
  variables: Variable[];
  onPick: (path: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { groupLabel } = useDesigner();
  const typeLabel = useTypeLabel();
  const groups = new Map<string, Variable[]>();
  for (const v of variables) groups.set(v.group, [...(groups.get(v.group) ?? []), v]);
  const items: MenuProps['items'] = [...groups].map(([group, vars]) => ({
    type: 'group',
    key: group,
    label: groupLabel(group),
    children: vars.map((v) => ({
      key: v.path,
      label: (
        <Flex justify="space-between" gap={16} data-testid={`var-${v.path}`}>
          <span>{looseT(t)(v.label.key, v.label.params)}</span>
          <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
            {typeLabel(v.type)}
          </Tag>
        </Flex>
      ),
    })),
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => onPick(key), style: { maxHeight: 360, overflowY: 'auto' } }}
      disabled={variables.length === 0}
    >
      <Tooltip title={t('automations.var.insert')}>
        <Button
          icon={<FunctionOutlined />}
          aria-label={t('automations.var.insert')}
          data-testid={testId ?? 'var-pick'}
        />
      </Tooltip>
    </Dropdown>
  );
}

interface TemplateInputProps {
  value: string;
  onChange: (v: string) => void;
  variables: Variable[];
  label: string;
  multiline?: boolean;
  placeholder?: string;
  testId?: string;
  /** The step the text belongs to (what it can name for the readable line); none: the trigger. */
  stepId?: string;
}

/** A text that may name variables: typed, or a variable appended from the picker as `{{path}}`. */
export function TemplateInput({
  value,
  onChange,
  variables,
  label,
  multiline,
  placeholder,
  testId,
}: TemplateInputProps) {
  const { t } = useTranslation();
  const { groupLabel } = useDesigner();
  const pick = (path: string) => onChange(`${value}{{${path}}}`);
  // What the variables are, under the text that names them by path.
  const shown = value.includes('{{')
    ? readableTemplate(value, variables, (v) => `${groupLabel(v.group)} · ${looseT(t)(v.label.key, v.label.params)}`)
    : '';
  const input = multiline ? (
    <Input.TextArea
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-label={label}
      placeholder={placeholder}
      autoSize={{ minRows: 2, maxRows: 8 }}
      data-testid={testId}
    />
  ) : (
    <Input
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-label={label}
      placeholder={placeholder}
      data-testid={testId}
    />
  );
  const field = (
    <Flex gap={4} align="start">
      <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
      <VariablePicker variables={variables} onPick={pick} testId={testId ? `${testId}-var` : undefined} />
    </Flex>
  );
  if (!shown || shown === value) return field;
  return (
    <>
      {field}
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12 }}
        data-testid={testId ? `${testId}-readable` : undefined}
      >
        {shown}
      </Typography.Text>
    </>
  );
}

/** A short line under a form item. */
export function Hint({ children }: { children: React.ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {children}
    </Typography.Text>
  );
}
