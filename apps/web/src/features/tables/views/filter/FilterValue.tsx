import type { FilterOperator } from '@canopy/contract';
import { optionsOf, str, useFieldServices } from '@canopy/fields/web/view';
import { DatePicker, Flex, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FLOW_STATES, isRelativeDate, type QueryField, RELATIVE_DATES, valueShape } from '../filter-ops';

interface Props {
  field: QueryField;
  operator: FilterOperator;
  value: unknown;
  onChange: (value: unknown) => void;
}

const WIDTH = 220;
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The value part of a condition, as the field type and operator need it. */
export function FilterValue(props: Props) {
  return (
    <span style={{ display: 'inline-flex' }} data-testid="filter-value">
      <ValueInput {...props} />
    </span>
  );
}

function ValueInput({ field, operator, value, onChange }: Props) {
  const { t } = useTranslation();
  const services = useFieldServices();
  const shape = valueShape(field, operator);
  const options: { value: string | number; label: string }[] =
    field.family === 'flowState'
      ? FLOW_STATES.map((s) => ({ value: s, label: t(`workflow.state.${s}`) }))
      : optionsOf(field.field?.settings ?? {}).map((o) => ({ value: o.id, label: o.label }));

  switch (shape) {
    case 'none':
      return null;
    case 'text':
      return (
        <Input
          style={{ width: WIDTH }}
          value={typeof value === 'string' ? value : ''}
          placeholder={t('views.pickValue')}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
      return (
        <InputNumber
          style={{ width: WIDTH }}
          value={typeof value === 'number' ? value : null}
          placeholder={t('views.pickValue')}
          onChange={(v) => onChange(v ?? undefined)}
        />
      );
    case 'numberRange': {
      const [from, to] = Array.isArray(value) ? value : [];
      return (
        <Flex gap={4} style={{ width: WIDTH }}>
          <InputNumber
            value={typeof from === 'number' ? from : null}
            placeholder={t('views.rangeFrom')}
            onChange={(v) => onChange([v ?? null, typeof to === 'number' ? to : null])}
          />
          <InputNumber
            value={typeof to === 'number' ? to : null}
            placeholder={t('views.rangeTo')}
            onChange={(v) => onChange([typeof from === 'number' ? from : null, v ?? null])}
          />
        </Flex>
      );
    }
    case 'date':
      return <DateValue value={value} onChange={onChange} />;
    case 'dateRange': {
      const [from, to] = Array.isArray(value) ? value.map((x) => str(x)) : [];
      return (
        <DatePicker.RangePicker
          style={{ width: WIDTH + 40 }}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(range) =>
            onChange(range?.[0] && range[1] ? [range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')] : null)
          }
        />
      );
    }
    case 'option':
      return (
        <Select
          style={{ width: WIDTH }}
          value={typeof value === 'string' || typeof value === 'number' ? value : undefined}
          placeholder={t('views.pickOption')}
          options={options}
          onChange={onChange}
        />
      );
    case 'options':
      if (field.family === 'flowState')
        return (
          <Select
            mode="multiple"
            style={{ width: WIDTH }}
            value={Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []}
            placeholder={t('views.pickOption')}
            options={options}
            onChange={onChange}
            maxTagCount="responsive"
          />
        );
      if (field.family === 'member' || field.family === 'people')
        return <services.MemberInput multiple value={ids(value)} onChange={onChange} />;
      return (
        <Select
          mode="multiple"
          style={{ width: WIDTH }}
          value={ids(value)}
          placeholder={t('views.pickOption')}
          options={options}
          onChange={onChange}
          maxTagCount="responsive"
        />
      );
    case 'id': {
      // One member, department or related record: the list operators match it as an element.
      const single = (v: string[]) => onChange(v[0] ?? undefined);
      const current = typeof value === 'string' ? [value] : [];
      if (field.type === 'department')
        return (
          <div style={{ width: WIDTH }}>
            <services.DepartmentInput multiple={false} value={current} onChange={single} />
          </div>
        );
      if (field.type === 'relation')
        return (
          <div style={{ width: WIDTH }}>
            <services.RecordInput
              schemaCode={str(field.field?.settings.schemaCode)}
              multiple={false}
              value={current}
              onChange={single}
            />
          </div>
        );
      return <services.MemberInput multiple={false} value={current} onChange={single} />;
    }
  }
}

/** A relative date (today, this week …) or a fixed day. */
function DateValue({ value, onChange }: { value: unknown; onChange: (v: unknown) => void }) {
  const { t } = useTranslation();
  const fixed = typeof value === 'string' && !isRelativeDate(value);
  return (
    <Flex gap={4}>
      <Select
        style={{ width: fixed ? 110 : WIDTH }}
        value={fixed ? 'fixed' : isRelativeDate(value) ? value : undefined}
        placeholder={t('views.pickOption')}
        onChange={(v: string) => onChange(v === 'fixed' ? dayjs().format('YYYY-MM-DD') : v)}
        options={[
          ...RELATIVE_DATES.map((r) => ({ value: r, label: t(`views.relative.${r}`) })),
          { value: 'fixed', label: t('views.dateFixed') },
        ]}
      />
      {fixed && (
        <DatePicker
          style={{ width: WIDTH - 110 - 4 }}
          value={dayjs(value)}
          allowClear={false}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : undefined)}
        />
      )}
    </Flex>
  );
}
