import {
  type AppRoleName,
  type FieldInfo,
  type RowRule,
  type RowScope,
  rowRulesNaming,
  type SchemaPermissions,
} from '@canopy/contract';
import { Flex, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterPanel } from '../views/filter/FilterPanel';
import { queryFields } from '../views/filter-ops';

const ROLES: AppRoleName[] = ['manager', 'member'];
const SCOPES: RowScope[] = ['all', 'mine', 'myDepartments', 'filter'];
type Level = 'edit' | 'readonly' | 'hidden';

interface FieldRulesProps {
  fields: FieldInfo[];
  value?: SchemaPermissions['fields'];
  onChange?: (next: SchemaPermissions['fields']) => void;
}

/** 字段权限: per field and role, editable (the default), read-only or hidden. */
export function FieldRulesEditor({ fields, value = {}, onChange }: FieldRulesProps) {
  const { t } = useTranslation();
  const set = (code: string, role: AppRoleName, level: Level) => {
    const rule = { ...value[code] };
    if (level === 'edit') delete rule[role];
    else rule[role] = level;
    const next = { ...value };
    if (Object.keys(rule).length) next[code] = rule;
    else delete next[code];
    onChange?.(next);
  };
  return (
    <Table
      size="small"
      rowKey="code"
      pagination={false}
      scroll={{ y: 240 }}
      dataSource={fields.filter((f) => !f.deleted)}
      data-testid="field-rules"
      columns={[
        { key: 'name', title: t('tables.ruleField'), dataIndex: 'name' },
        ...ROLES.map((role) => ({
          key: role,
          title: role === 'manager' ? t('tables.roleManager') : t('tables.roleMember'),
          width: 130,
          render: (_: unknown, f: FieldInfo) => (
            <Select<Level>
              size="small"
              style={{ width: 110 }}
              value={value[f.code]?.[role] ?? 'edit'}
              onChange={(level) => set(f.code, role, level)}
              data-testid={`field-rule-${f.code}-${role}`}
              options={[
                { value: 'edit', label: t('tables.levelEdit') },
                { value: 'readonly', label: t('tables.levelReadonly') },
                { value: 'hidden', label: t('tables.levelHidden') },
              ]}
            />
          ),
        })),
      ]}
    />
  );
}

interface RowRulesProps {
  fields: FieldInfo[];
  value?: SchemaPermissions['rows'];
  onChange?: (next: SchemaPermissions['rows']) => void;
}

/** 数据范围: per role, all records, their own, their departments', or those matching a filter. */
export function RowRulesEditor({ fields, value, onChange }: RowRulesProps) {
  const { t } = useTranslation();
  const rows = value ?? { manager: { scope: 'all' }, member: { scope: 'all' } };
  // A rule naming a field deleted since keeps using its kept column: the condition stays (marked),
  // so saving the settings never drops it and widens the rule.
  const shown = fields.flatMap((f) => {
    if (!f.deleted) return [f];
    if (!rowRulesNaming({ rows }, f.code).length) return [];
    return [{ ...f, deleted: false, name: t('tables.deletedFieldName', { name: f.name }) }];
  });
  const known = queryFields(shown, () => false, {
    createdAt: t('views.system.createdAt'),
    modifiedAt: t('views.system.modifiedAt'),
    createdBy: t('views.system.createdBy'),
    modifiedBy: t('views.system.modifiedBy'),
  });
  const set = (role: AppRoleName, rule: RowRule) => onChange?.({ ...rows, [role]: rule });
  return (
    <Flex vertical gap={12} data-testid="row-rules">
      {ROLES.map((role) => {
        const rule = rows[role];
        return (
          <Flex key={role} vertical gap={8}>
            <Flex align="center" gap={12}>
              <Typography.Text style={{ width: 56 }}>
                {role === 'manager' ? t('tables.roleManager') : t('tables.roleMember')}
              </Typography.Text>
              <Select<RowScope>
                style={{ width: 220 }}
                value={rule.scope}
                data-testid={`row-rule-${role}`}
                onChange={(scope) =>
                  set(
                    role,
                    scope === 'filter' ? { scope, filter: rule.filter ?? { op: 'and', conditions: [] } } : { scope },
                  )
                }
                options={SCOPES.map((s) => ({ value: s, label: t(`tables.scope.${s}`) }))}
              />
            </Flex>
            {rule.scope === 'filter' && (
              <div style={{ paddingLeft: 68 }}>
                <FilterPanel
                  fields={known}
                  filter={rule.filter}
                  onChange={(filter) => set(role, filter ? { scope: 'filter', filter } : { scope: 'filter' })}
                />
              </div>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}
