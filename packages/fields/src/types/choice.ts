import { bad, type FieldType, isEmpty, isRecord, ok } from '../definition.js';

export interface SelectOption {
  /** Stable id: renaming an option keeps every record that chose it. */
  id: string;
  label: string;
  color: string;
}

interface SelectSettings {
  options: SelectOption[];
}

function checkOptions(
  raw: unknown,
): { ok: true; settings: SelectSettings } | { ok: false; key: 'field.settings.invalid' } {
  const list = isRecord(raw) && Array.isArray(raw.options) ? raw.options : [];
  const options: SelectOption[] = [];
  for (const o of list) {
    if (
      !isRecord(o) ||
      typeof o.id !== 'string' ||
      !/^[\w-]{1,36}$/.test(o.id) ||
      typeof o.label !== 'string' ||
      !o.label.trim()
    ) {
      return { ok: false, key: 'field.settings.invalid' };
    }
    options.push({
      id: o.id,
      label: o.label.trim().slice(0, 100),
      color: typeof o.color === 'string' ? o.color.slice(0, 16) : '',
    });
  }
  if (new Set(options.map((o) => o.id)).size !== options.length || options.length > 500)
    return { ok: false, key: 'field.settings.invalid' };
  return { ok: true, settings: { options } };
}

export const singleSelect: FieldType<string, SelectSettings> = {
  type: 'singleSelect',
  label: { zh: '单选', en: 'Single select', jp: '単一選択' },
  storage: 'text',
  system: false,
  defaultSettings: { options: [] },
  checkSettings: checkOptions,
  parse(input, settings) {
    if (isEmpty(input)) return ok(null);
    return typeof input === 'string' && settings.options.some((o) => o.id === input)
      ? ok(input)
      : bad('field.select.invalid');
  },
  toStorage: (v) => v,
  fromStorage: (raw) => (typeof raw === 'string' ? raw : null),
};

export const multiSelect: FieldType<string[], SelectSettings> = {
  type: 'multiSelect',
  label: { zh: '多选', en: 'Multiple select', jp: '複数選択' },
  storage: 'json',
  system: false,
  defaultSettings: { options: [] },
  checkSettings: checkOptions,
  parse(input, settings) {
    if (isEmpty(input)) return ok(null);
    if (!Array.isArray(input)) return bad('field.select.invalid');
    const ids = [...new Set(input)];
    if (!ids.every((id) => typeof id === 'string' && settings.options.some((o) => o.id === id)))
      return bad('field.select.invalid');
    // Kept in the options' order, so equal choices compare equal.
    return ok(settings.options.map((o) => o.id).filter((id) => ids.includes(id)));
  },
  toStorage: (v) => (v === null ? null : JSON.stringify(v)),
  fromStorage: (raw) => (typeof raw === 'string' ? (JSON.parse(raw) as string[]) : null),
};

export const checkbox: FieldType<boolean, object> = {
  type: 'checkbox',
  label: { zh: '复选框', en: 'Checkbox', jp: 'チェックボックス' },
  storage: 'boolean',
  system: false,
  defaultSettings: {},
  checkSettings: () => ({ ok: true, settings: {} }),
  parse(input) {
    if (input === null || input === undefined) return ok(null);
    return typeof input === 'boolean' ? ok(input) : bad('field.checkbox.invalid');
  },
  toStorage: (v) => (v === null ? null : v ? 1 : 0),
  fromStorage: (raw) => (raw === null || raw === undefined ? null : Number(raw) === 1 || raw === true),
};
