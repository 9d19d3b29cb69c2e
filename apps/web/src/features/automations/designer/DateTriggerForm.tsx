import { AutomationLimits, type AutomationTrigger, DateTriggerUnits } from '@canopy/contract';
import { Flex, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context';
import { TableSelect } from './TriggerForm';

type DateTrigger = Extract<AutomationTrigger, { kind: 'date' }>;
const DATE_TYPES = new Set(['date', 'datetime']);
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * A date field's value, shifted: N minutes, hours or days before or after it (合同到期 3 days before);
 * a date field's day is taken at a time of day (default 09:00) in the team's time zone.
 */
export function DateTriggerForm({
  trigger,
  onChange,
}: {
  trigger: DateTrigger;
  onChange: (t: AutomationTrigger) => void;
}) {
  const { t } = useTranslation();
  const { fieldsOf } = useDesigner();
  const [touched, setTouched] = useState(false);
  const [timeText, setTimeText] = useState(trigger.time ?? '');
  const set = (next: DateTrigger) => {
    setTouched(true);
    onChange(next);
  };
  const fields = fieldsOf(trigger.schemaCode).filter((f) => !f.deleted && DATE_TYPES.has(f.type));
  const field = fields.find((f) => f.code === trigger.field);
  const noField = touched && !field;
  const badTime = timeText !== '' && !TIME.test(timeText);
  return (
    <>
      <TableSelect
        value={trigger.schemaCode}
        onChange={(schemaCode) => set({ ...trigger, schemaCode, field: '' })}
        testId="trigger-table"
      />
      <Form.Item
        label={t('automations.date.field')}
        htmlFor="date-field"
        required
        validateStatus={noField ? 'error' : undefined}
        help={noField ? t('automations.date.fieldRequired') : undefined}
      >
        <Select
          id="date-field"
          value={field ? trigger.field : undefined}
          placeholder={fields.length ? t('automations.date.pickField') : t('automations.date.noDateFields')}
          disabled={!fields.length}
          onChange={(code: string) => set({ ...trigger, field: code })}
          options={fields.map((f) => ({ value: f.code, label: f.name }))}
          data-testid="date-field"
        />
      </Form.Item>
      <Form.Item label={t('automations.date.offset')} htmlFor="date-amount">
        <Flex gap={8}>
          <InputNumber
            id="date-amount"
            min={0}
            max={AutomationLimits.dateOffsetMax}
            precision={0}
            value={trigger.amount}
            onChange={(n) => set({ ...trigger, amount: Math.max(0, n ?? 0) })}
            data-testid="date-amount"
          />
          <Select
            aria-label={t('automations.delay.unit')}
            style={{ width: 110 }}
            value={trigger.unit}
            onChange={(unit: DateTrigger['unit']) => set({ ...trigger, unit })}
            options={DateTriggerUnits.map((u) => ({ value: u, label: t(`automations.unit.${u}`) }))}
            data-testid="date-unit"
          />
          <Select
            aria-label={t('automations.date.direction')}
            style={{ width: 110 }}
            value={trigger.direction}
            onChange={(direction: DateTrigger['direction']) => set({ ...trigger, direction })}
            options={[
              { value: 'before', label: t('automations.date.before') },
              { value: 'after', label: t('automations.date.after') },
            ]}
            data-testid="date-direction"
          />
        </Flex>
      </Form.Item>
      {field?.type === 'date' && (
        <Form.Item
          label={t('automations.date.time')}
          htmlFor="date-time"
          validateStatus={badTime ? 'error' : undefined}
          help={badTime ? t('automations.date.badTime') : t('automations.date.timeHint')}
        >
          <Input
            id="date-time"
            style={{ width: 120 }}
            placeholder="09:00"
            value={timeText}
            onChange={(e) => {
              const text = e.target.value.trim();
              setTimeText(text);
              const { time: _old, ...rest } = trigger;
              if (!text) set(rest);
              else if (TIME.test(text)) set({ ...rest, time: text });
            }}
            data-testid="date-time"
          />
        </Form.Item>
      )}
    </>
  );
}
