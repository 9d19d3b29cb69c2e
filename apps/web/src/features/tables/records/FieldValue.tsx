import type { FieldInfo } from '@canopy/contract';
import { FieldViews } from '@canopy/fields/web/view';

/** A field's value as its type shows it (list cells are compact). */
export function FieldValue({ field, value, compact }: { field: FieldInfo; value: unknown; compact?: boolean }) {
  const View = FieldViews[field.type];
  if (!View || value === null || value === undefined) return null;
  return <View value={value} settings={field.settings} compact={compact} />;
}
