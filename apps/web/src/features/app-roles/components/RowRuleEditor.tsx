import { type FieldInfo, type FilterGroup, type RowRule, RowScope } from '@canopy/contract';
import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterPanel } from '../../tables/views/filter/FilterPanel';
import { queryFields } from '../../tables/views/filter-ops';

/** The field codes a filter's conditions name, at any depth. */
function fieldsNamed(group: FilterGroup | undefined, into = new Set<string>()): Set<string> {
  for (const c of group?.conditions ?? []) {
    if ('conditions' in c) fieldsNamed({ op: c.op, conditions: c.conditions }, into);
    else into.add(c.field);
  }
  return into;
}

/** Member fields a "mine" rule may use besides the creator (one of them naming me). */
const MEMBER_TYPES = new Set(['member']);

/**
 * The records a role reaches: all, mine (created by me, or a member field naming me), my
 * departments' (with or without sub-departments), the departments I head, or a filter built with
 * the views' filter builder (its "is me" and "mine" operands read the current member).
 */
export function RowRuleEditor({
  fields,
  value,
  onChange,
}: {
  fields: FieldInfo[];
  value: RowRule;
  onChange: (next: RowRule) => void;
}) {
  const { t } = useTranslation();
  // A rule naming a field deleted since keeps using its kept column: the condition stays (marked),
  // so saving the drawer never drops it and widens the rule.
  const named = fieldsNamed(value.filter);
  const shown = fields.flatMap((f) => {
    if (!f.deleted) return [f];
    if (!named.has(f.code)) return [];
    return [{ ...f, deleted: false, name: t('tables.deletedFieldName', { name: f.name }) }];
  });
  const known = queryFields(shown, () => false, {
    createdAt: t('views.system.createdAt'),
    modifiedAt: t('views.system.modifiedAt'),
    createdBy: t('views.system.createdBy'),
    modifiedBy: t('views.system.modifiedBy'),
  });
  const memberFields = fields.filter((f) => !f.deleted && MEMBER_TYPES.has(f.type));
  return (
    <Flex vertical gap={12} data-testid="role-row-rule">
      <Select<RowRule['scope']>
        value={value.scope}
        aria-label={t('roleMatrix.rowsLabel')}
        style={{ maxWidth: 360 }}
        onChange={(scope) =>
          onChange(scope === 'filter' ? { scope, filter: value.filter ?? { op: 'and', conditions: [] } } : { scope })
        }
        options={RowScope.map((s) => ({ value: s, label: t(`tables.scope.${s}`) }))}
        data-testid="role-row-scope"
      />
      {value.scope === 'mine' && memberFields.length > 0 && (
        <Flex align="center" gap={8} wrap>
          <Typography.Text id="role-mine-field">{t('roleMatrix.mineBy')}</Typography.Text>
          <Select<string>
            aria-labelledby="role-mine-field"
            style={{ minWidth: 200 }}
            value={value.memberField ?? ''}
            onChange={(code) => onChange(code ? { scope: 'mine', memberField: code } : { scope: 'mine' })}
            options={[
              { value: '', label: t('roleMatrix.mineCreator') },
              ...memberFields.map((f) => ({ value: f.code, label: t('roleMatrix.mineField', { name: f.name }) })),
            ]}
            data-testid="role-mine-field"
          />
        </Flex>
      )}
      {value.scope === 'filter' && (
        <FilterPanel
          fields={known}
          filter={value.filter}
          width="100%"
          delay={0}
          emptyText={t('roleMatrix.filterEmpty')}
          onChange={(filter) => onChange(filter ? { scope: 'filter', filter } : { scope: 'filter' })}
        />
      )}
    </Flex>
  );
}
