import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { type FieldWeb, str, type ValueInputProps, type ValueViewProps } from './types.js';

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

export const formatDateTime = (v: unknown): string => {
  if (typeof v !== 'string' && typeof v !== 'number') return '';
  const d = dayjs(v);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : '';
};

export const dateWebs: Record<string, FieldWeb> = {
  date: { group: 'basic', Input: DateInput, View: ({ value }: ValueViewProps) => <span>{str(value)}</span> },
  datetime: {
    group: 'basic',
    Input: DateTimeInput,
    View: ({ value }: ValueViewProps) => <span>{formatDateTime(value)}</span>,
  },
};
