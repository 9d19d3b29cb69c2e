import { type FieldInfo, formatMessage } from '@canopy/contract';
import { FieldTypes } from '@canopy/fields';
import { currentLanguage } from '../../../shell/i18n/i18n';

/** Checks the values with the same field-type rules as the server; returns cleaned data or errors by field code. */
export function validateRecord(
  fields: FieldInfo[],
  values: Record<string, unknown>,
): { data: Record<string, unknown>; errors: { name: string; errors: string[] }[] } {
  const lang = currentLanguage();
  const data: Record<string, unknown> = {};
  const errors: { name: string; errors: string[] }[] = [];
  for (const f of fields) {
    if (!(f.code in values)) continue;
    const type = FieldTypes[f.type];
    if (!type || type.system) continue;
    const result = type.parse(values[f.code], f.settings);
    if (!result.ok) {
      errors.push({ name: f.code, errors: [formatMessage(result.key, lang, { field: f.name, ...result.params })] });
    } else if (f.required && result.value === null) {
      errors.push({ name: f.code, errors: [formatMessage('validate.required', lang, { field: f.name })] });
    } else {
      data[f.code] = values[f.code] === undefined ? null : values[f.code];
    }
  }
  return { data, errors };
}
