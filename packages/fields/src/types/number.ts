import { bad, type FieldType, isEmpty, isRecord, ok } from '../definition.js';

interface NumberSettings {
  /** Digits after the decimal point. */
  precision: number;
  min: number | null;
  max: number | null;
  /** Money only: ISO currency code. */
  currency?: string;
}

function numberType(
  type: string,
  label: FieldType['label'],
  defaults: NumberSettings,
): FieldType<number, NumberSettings> {
  return {
    type,
    label,
    storage: 'real',
    system: false,
    defaultSettings: defaults,
    checkSettings(raw) {
      const s = isRecord(raw) ? raw : {};
      const precision = s.precision === undefined ? defaults.precision : Number(s.precision);
      const min = s.min === undefined || s.min === null ? null : Number(s.min);
      const max = s.max === undefined || s.max === null ? null : Number(s.max);
      if (!Number.isInteger(precision) || precision < 0 || precision > 8)
        return { ok: false, key: 'field.settings.invalid' };
      if ((min !== null && !Number.isFinite(min)) || (max !== null && !Number.isFinite(max)))
        return { ok: false, key: 'field.settings.invalid' };
      if (min !== null && max !== null && min > max) return { ok: false, key: 'field.settings.invalid' };
      const settings: NumberSettings = { precision, min, max };
      if (type === 'money') {
        const currency = typeof s.currency === 'string' ? s.currency.toUpperCase() : (defaults.currency ?? 'CNY');
        if (!/^[A-Z]{3}$/.test(currency)) return { ok: false, key: 'field.settings.invalid' };
        settings.currency = currency;
      }
      return { ok: true, settings };
    },
    parse(input, settings) {
      if (isEmpty(input)) return ok(null);
      const n =
        typeof input === 'number'
          ? input
          : typeof input === 'string' && input.trim() !== ''
            ? Number(input)
            : Number.NaN;
      if (!Number.isFinite(n)) return bad('field.number.invalid');
      const factor = 10 ** settings.precision;
      const value = Math.round(n * factor) / factor;
      if (settings.min !== null && value < settings.min) return bad('field.number.min', { limit: settings.min });
      if (settings.max !== null && value > settings.max) return bad('field.number.max', { limit: settings.max });
      return ok(value);
    },
    toStorage: (v) => v,
    fromStorage: (raw) => (raw === null || raw === undefined ? null : Number(raw)),
  };
}

export const number = numberType(
  'number',
  { zh: '数字', en: 'Number', jp: '数値' },
  { precision: 0, min: null, max: null },
);
export const money = numberType(
  'money',
  { zh: '金额', en: 'Money', jp: '金額' },
  { precision: 2, min: null, max: null, currency: 'CNY' },
);
/** Stored as the fraction (0.25 for 25%); the web shows and edits percentages. */
export const percent = numberType(
  'percent',
  { zh: '百分比', en: 'Percent', jp: 'パーセント' },
  { precision: 4, min: null, max: null },
);
