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

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
/** An instant Date reads as dayjs does: a timestamp, or an ISO string with its zone (how values are stored). */
const ZONED = /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:?\d\d)$/;
/**
 * `YYYY-MM-DD HH:mm` in local time. Plain Date for stored instants, not dayjs: a grid formats every
 * visible datetime cell on each scroll frame. Anything else (a date without a zone, which Date and
 * dayjs read differently) goes through dayjs as before.
 */
export const formatDateTime = (v: unknown): string => {
  if (typeof v !== 'string' && typeof v !== 'number') return '';
  const t = typeof v === 'number' || ZONED.test(v) ? new Date(v) : null;
  if (!t || Number.isNaN(t.getTime())) {
    const d = dayjs(v);
    return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : '';
  }
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${pad(t.getHours())}:${pad(t.getMinutes())}`;
};

export const dateWebs: Record<string, FieldWeb> = {
  date: { group: 'basic', Input: DateInput, View: ({ value }: ValueViewProps) => <span>{str(value)}</span> },
  datetime: {
    group: 'basic',
    Input: DateTimeInput,
    View: ({ value }: ValueViewProps) => <span>{formatDateTime(value)}</span>,
  },
};
