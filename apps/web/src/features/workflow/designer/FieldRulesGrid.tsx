import type { FieldInfo, FieldRuleLevel, FieldRules } from '@canopy/contract';
import { Button, Flex, Radio, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { levelOf, type RuleRow, ruleRows, setAllLevels, setLevel } from './field-rules';

interface Props {
  fields: FieldInfo[];
  value: FieldRules;
  onChange: (rules: FieldRules) => void;
  isStart: boolean;
  /** Copies only show or hide fields. */
  viewOnly?: boolean;
}

const LEVELS: FieldRuleLevel[] = ['hidden', 'readonly', 'editable', 'required'];

/** Per field at this node: hidden, read-only, editable or required (one radio row per field). */
export function FieldRulesGrid({ fields, value, onChange, isStart, viewOnly = false }: Props) {
  const { t } = useTranslation();
  const rows = ruleRows(fields, viewOnly);
  const levels = viewOnly ? LEVELS.slice(0, 2) : LEVELS;
  return (
    <Flex vertical gap={8} data-testid="wf-field-rules">
      <Flex align="center" gap={4} wrap>
        <Typography.Text type="secondary">{t('workflow.fieldRules.setAll')}</Typography.Text>
        {levels.map((level) => (
          <Button
            key={level}
            size="small"
            type="link"
            onClick={() => onChange(setAllLevels(rows, level, isStart))}
            data-testid={`wf-rules-all-${level}`}
          >
            {t(`workflow.fieldRules.${level}`)}
          </Button>
        ))}
      </Flex>
      <Table<RuleRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('workflow.fieldRules.noFields') }}
        columns={[
          {
            key: 'name',
            title: t('workflow.fieldRules.field'),
            render: (_, row) => (
              <Typography.Text
                style={row.parent ? { paddingInlineStart: 16 } : undefined}
                type={row.parent ? 'secondary' : undefined}
              >
                {row.parent ? `└ ${row.name}` : row.name}
              </Typography.Text>
            ),
          },
          {
            key: 'level',
            title: t('workflow.fieldRules.level'),
            width: viewOnly ? 160 : 300,
            render: (_, row) => (
              <Radio.Group
                size="small"
                optionType="button"
                value={levelOf(value, row, isStart)}
                onChange={(e) => onChange(setLevel(value, rows, row.key, e.target.value as FieldRuleLevel, isStart))}
                options={levels.map((level) => ({
                  value: level,
                  label: t(`workflow.fieldRules.${level}`),
                  disabled: !row.levels.includes(level),
                }))}
                aria-label={row.name}
                data-testid={`wf-rule-${row.name}`}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
