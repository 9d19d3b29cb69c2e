import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FilterOperator } from '@canopy/contract';
import { Button, Empty, Flex, Select, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  defaultOperator,
  type FilterCondition,
  type FilterGroup,
  isFilterGroup,
  operatorsFor,
  type QueryField,
  runnableFilter,
} from '../filter-ops';
import { FilterValue } from './FilterValue';

type Op = FilterGroup['op'];
type Item = FilterGroup['conditions'][number];
type Inner = { op: Op; conditions: FilterCondition[] };

interface Props {
  fields: QueryField[];
  filter: FilterGroup | undefined;
  /** Called with what can run (unfinished conditions are kept here, not saved). */
  onChange: (filter: FilterGroup | undefined) => void;
  /** How long typing pauses before the change goes out (a view queries on each one). */
  delay?: number;
  /** Width of the panel (a popover by default; a drawer passes its own). */
  width?: number | string;
  /** What no condition means where the panel is used (a view: every record is shown). */
  emptyText?: string;
}

const MAX = 30;

/**
 * AND/OR conditions with one level of groups. The panel keeps the draft (a condition being filled
 * in); the view gets the runnable part after a short pause, so typing a value is one query.
 */
export function FilterPanel({ fields, filter, onChange, delay = 300, width = 640, emptyText }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [draft, setDraft] = useState<FilterGroup>(() => filter ?? { op: 'and', conditions: [] });
  const emitted = useRef(JSON.stringify(runnableFilter(filter, fields) ?? null));
  const emit = useRef(onChange);
  emit.current = onChange;

  useEffect(() => {
    const runnable = runnableFilter(draft, fields);
    const text = JSON.stringify(runnable ?? null);
    if (text === emitted.current) return;
    const timer = window.setTimeout(() => {
      emitted.current = text;
      emit.current(runnable);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [draft, fields, delay]);

  const first = fields[0];
  const newCondition = (): FilterCondition | null =>
    first ? { field: first.code, operator: defaultOperator(first) } : null;
  const setItems = (conditions: Item[]) => setDraft((d) => ({ ...d, conditions }));
  const replace = (index: number, item: Item | null) =>
    setItems(
      item ? draft.conditions.map((c, i) => (i === index ? item : c)) : draft.conditions.filter((_, i) => i !== index),
    );

  const opSelect = (value: Op, set: (op: Op) => void, labels: [string, string], testId: string) => (
    <Select
      size="small"
      value={value}
      onChange={set}
      style={{ width: 96 }}
      options={[
        { value: 'and', label: labels[0] },
        { value: 'or', label: labels[1] },
      ]}
      data-testid={testId}
    />
  );

  return (
    <Flex vertical gap={10} style={{ width, maxWidth: '80vw' }} data-testid="filter-panel">
      <Flex align="center" gap={8}>
        <Typography.Text>{t('views.filterMatch')}</Typography.Text>
        {opSelect(
          draft.op,
          (op) => setDraft((d) => ({ ...d, op })),
          [t('views.filterAll'), t('views.filterAny')],
          'filter-op',
        )}
        <Typography.Text>{t('views.filterMatchTail')}</Typography.Text>
      </Flex>
      {!draft.conditions.length && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={emptyText ?? t('views.noConditions')}
          style={{ margin: 8 }}
        />
      )}
      {draft.conditions.map((item, index) =>
        isFilterGroup(item) ? (
          <Flex
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no ids; their place is their identity
            key={index}
            vertical
            gap={8}
            style={{ padding: 10, background: token.colorFillQuaternary, borderRadius: token.borderRadius }}
            data-testid="filter-group"
          >
            <Flex justify="space-between" align="center">
              {opSelect(
                item.op,
                (op) => replace(index, { ...item, op }),
                [t('views.groupMatchAll'), t('views.groupMatchAny')],
                'filter-group-op',
              )}
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                onClick={() => replace(index, null)}
                aria-label={t('views.removeGroup')}
              />
            </Flex>
            {item.conditions.map((c, ci) => (
              <ConditionRow
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                key={ci}
                fields={fields}
                condition={c}
                onChange={(next) => {
                  const conditions = next
                    ? item.conditions.map((x, i) => (i === ci ? next : x))
                    : item.conditions.filter((_, i) => i !== ci);
                  replace(index, conditions.length ? ({ ...item, conditions } satisfies Inner) : null);
                }}
              />
            ))}
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              style={{ alignSelf: 'flex-start', padding: 0 }}
              disabled={item.conditions.length >= MAX}
              onClick={() => {
                const c = newCondition();
                if (c) replace(index, { ...item, conditions: [...item.conditions, c] });
              }}
              data-testid="filter-group-add"
            >
              {t('views.addCondition')}
            </Button>
          </Flex>
        ) : (
          <ConditionRow
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            key={index}
            fields={fields}
            condition={item}
            onChange={(next) => replace(index, next)}
          />
        ),
      )}
      <Flex gap={8}>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={!first || draft.conditions.length >= MAX}
          onClick={() => {
            const c = newCondition();
            if (c) setItems([...draft.conditions, c]);
          }}
          data-testid="filter-add"
        >
          {t('views.addCondition')}
        </Button>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={!first || draft.conditions.length >= MAX}
          onClick={() => {
            const c = newCondition();
            if (c) setItems([...draft.conditions, { op: 'or', conditions: [c] }]);
          }}
          data-testid="filter-add-group"
        >
          {t('views.addGroup')}
        </Button>
        {draft.conditions.length > 0 && (
          <Button size="small" type="text" onClick={() => setItems([])} style={{ marginInlineStart: 'auto' }}>
            {t('views.clearFilter')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

function ConditionRow({
  fields,
  condition,
  onChange,
}: {
  fields: QueryField[];
  condition: FilterCondition;
  onChange: (next: FilterCondition | null) => void;
}) {
  const { t } = useTranslation();
  const field = fields.find((f) => f.code === condition.field);
  const isDate = field?.family === 'date' || field?.family === 'moment';
  const opLabel = (op: FilterOperator) =>
    isDate && (op === 'eq' || op === 'before' || op === 'after' || op === 'between')
      ? t(`views.dateOp.${op}`)
      : t(`views.op.${op}`);
  return (
    <Flex gap={8} align="flex-start" wrap data-testid="filter-condition">
      <Select
        style={{ width: 150 }}
        showSearch={{ optionFilterProp: 'label' }}
        value={field ? condition.field : undefined}
        placeholder={t('views.pickField')}
        options={fields.map((f) => ({ value: f.code, label: f.name }))}
        onChange={(code: string) => {
          const next = fields.find((f) => f.code === code);
          if (next) onChange({ field: code, operator: defaultOperator(next) });
        }}
        data-testid="filter-field"
      />
      {field && (
        <Select
          style={{ width: 124 }}
          value={condition.operator}
          options={operatorsFor(field).map((op) => ({ value: op, label: opLabel(op) }))}
          // Values of one operator rarely fit another (a list for "in", two for "between").
          onChange={(operator: FilterOperator) => onChange({ field: condition.field, operator })}
          data-testid="filter-operator"
        />
      )}
      {field && (
        <FilterValue
          field={field}
          operator={condition.operator}
          value={condition.value}
          onChange={(value) =>
            onChange(
              value === undefined ? { field: condition.field, operator: condition.operator } : { ...condition, value },
            )
          }
        />
      )}
      <Button
        type="text"
        size="small"
        icon={<DeleteOutlined />}
        onClick={() => onChange(null)}
        aria-label={t('views.removeCondition')}
        style={{ marginInlineStart: 'auto', marginTop: 4 }}
        data-testid="filter-remove"
      />
    </Flex>
  );
}
