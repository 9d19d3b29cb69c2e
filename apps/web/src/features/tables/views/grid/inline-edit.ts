import type { FieldInfo } from '@canopy/contract';
import { INPUT_TYPES } from '@canopy/fields/web/view';

/** Types that cannot be edited in a one-line cell; their values are changed in the record's form. */
const NOT_INLINE = new Set(['subTable', 'richText', 'attachment', 'image', 'location']);

/**
 * Whether a field's value can be edited in its grid cell (the member's right aside). Read from the
 * light view module: the editors (`@canopy/fields/web`) load with the first cell edited.
 */
export const inlineEditable = (f: FieldInfo) => !f.system && !NOT_INLINE.has(f.type) && INPUT_TYPES.has(f.type);
