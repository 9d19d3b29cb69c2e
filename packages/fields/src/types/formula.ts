import { bad, type FieldType, isRecord } from '../definition.js';
import { parseFormula } from '../formula/index.js';

export type FormulaResultType = 'number' | 'text' | 'date' | 'boolean';

interface FormulaSettings {
  expression: string;
  resultType: FormulaResultType;
}

const RESULT_TYPES: FormulaResultType[] = ['number', 'text', 'date', 'boolean'];

/**
 * A value computed from other fields of the same record by the formula engine (our own parser and
 * evaluator; nothing is ever eval'd). The server computes it on every write and stores the result,
 * so views can filter and sort by it; clients never set it.
 */
export const formula: FieldType<unknown, FormulaSettings> = {
  type: 'formula',
  label: { zh: '公式', en: 'Formula', jp: '数式' },
  storage: 'json',
  system: true,
  defaultSettings: { expression: '', resultType: 'text' },
  checkSettings(raw) {
    if (!isRecord(raw) || typeof raw.expression !== 'string') return { ok: false, key: 'field.settings.invalid' };
    const resultType = RESULT_TYPES.find((t) => t === raw.resultType) ?? 'text';
    if (!parseFormula(raw.expression).ok) return { ok: false, key: 'field.formula.invalid' };
    return { ok: true, settings: { expression: raw.expression, resultType } };
  },
  parse: () => bad('record.systemField'),
  toStorage: (v) => (v === null || v === undefined ? null : JSON.stringify(v)),
  fromStorage: (raw) => (typeof raw === 'string' ? (JSON.parse(raw) as unknown) : null),
};
