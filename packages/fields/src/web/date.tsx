import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { type FieldEditing, str, type ValueInputProps } from './types.js';

function DateInput({ value, onChange, disabled, id }: ValueInputProps) {
  const v = str(value);
  return (
    <DatePicker
      id={id}
      value={v ? dayjs(v) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

function DateTimeInput({ value, onChange, disabled, id }: ValueInputProps) {
  const v = str(value);
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={v ? dayjs(v) : null}
      onChange={(d) => onChange?.(d ? d.toISOString() : null)}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

export const dateWebs: Record<string, FieldEditing> = {
  date: { group: 'basic', Input: DateInput },
  datetime: { group: 'basic', Input: DateTimeInput },
};
