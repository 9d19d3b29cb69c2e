import type { Language } from '@canopy/contract';
import { FieldTypes } from '../index.js';

// `@canopy/fields/web/view`: what shows field values, without any field type's editor (no date
// picker, color picker, upload…). A page that only lists records (the grid) imports this; the
// editors (`@canopy/fields/web`) load when a value is edited or a form opens.

export { filesOf, formatDateTime, formatNumber, optionsOf, plainText, subFieldsOf } from './format.js';
export * from './types.js';
export { ELLIPSIS, FieldViews, INPUT_TYPES } from './views.js';

let language: Language = 'zh';
/** The language type labels are shown in (the web app sets it when the user's language changes). */
export function setFieldLabelLanguage(next: Language): void {
  language = next;
}
export const fieldTypeLabel = (type: string): string => FieldTypes[type]?.label[language] ?? type;
