import type { FieldInfo, FilterGroup } from '@canopy/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterPanel } from '../../tables/views/filter/FilterPanel';
import { queryFields } from '../../tables/views/filter-ops';

/** The views' filter builder over one table's fields (re-mounted when the table changes). */
export function FilterField({
  schemaCode,
  fields,
  filter,
  onChange,
  emptyText,
}: {
  schemaCode: string;
  fields: FieldInfo[];
  filter: FilterGroup | undefined;
  onChange: (f: FilterGroup | undefined) => void;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const known = useMemo(
    () =>
      queryFields(fields, () => false, {
        createdAt: t('views.system.createdAt'),
        modifiedAt: t('views.system.modifiedAt'),
        createdBy: t('views.system.createdBy'),
        modifiedBy: t('views.system.modifiedBy'),
      }),
    [fields, t],
  );
  return (
    <FilterPanel
      key={`${schemaCode}:${fields.length}`}
      fields={known}
      filter={filter}
      onChange={onChange}
      delay={0}
      width="100%"
      emptyText={emptyText}
    />
  );
}
