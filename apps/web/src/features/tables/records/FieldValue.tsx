import type { FieldInfo } from '@canopy/contract';
import { FieldWebs } from '@canopy/fields/web';

/** A field's value as its type shows it (list cells are compact). */
export function FieldValue({ field, value, compact }: { field: FieldInfo; value: unknown; compact?: boolean }) {
  const View = FieldWebs[field.type]?.View;
  if (!View || value === null || value === undefined) return null;
  return <View value={value} settings={field.settings} compact={compact} />;
}
